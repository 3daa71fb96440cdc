import Foundation
import MarqueeWire

@testable import MarqueeKit

/// Clients, sessions, accounts and catalog items for the view model tests, on a fixed clock.
enum ViewModelFixtures {
    static let baseURL = URL(string: "https://marquee.test")!
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A client on `transport`, never retrying, signed in as `session` (signed out when nil).
    static func client(_ transport: ViewModelScriptedTransport, session: StoredSession? = signedIn()) -> MarqueeClient {
        MarqueeClient(
            baseURL: baseURL, transport: transport,
            sessions: SessionManager(storage: MemorySessionStorage(session), now: { now }), retryPolicy: .never)
    }

    /// A session whose token is good for ten minutes more.
    static func signedIn(_ type: String = "email") -> StoredSession {
        StoredSession(
            userID: "0123456789abcdef", sessionID: "session-1", accessToken: "access",
            accessTokenExpiresAt: now.addingTimeInterval(600), refreshToken: "refresh", accountType: type,
            experience: "movies")
    }

    static func account(type: String = "email", email: String? = "a@b.com", method: String = "") -> Account {
        Account(
            id: "0123456789abcdef", shortId: "01234567", accountType: type, signInMethod: method, email: email,
            emailVerified: true, createdAt: "2026-01-01T00:00:00Z",
            profile: Account.Profile(temperatureUnit: "celsius", experience: "movies"))
    }

    static func movie(_ id: Int, _ title: String) -> MediaSummary {
        MediaSummary(mediaType: .movie, id: id, title: title, year: 1999)
    }

    static func saved(
        _ list: SavedList, _ kind: SavedKind, _ id: String, _ title: String, addedDaysAgo: Double = 0,
        note: String? = nil, rating: Int? = nil, watchedDaysAgo: Double? = nil
    ) -> SavedItem {
        SavedItem(
            list: list, kind: kind, id: id, snapshot: ItemSnapshot(title: title), note: note,
            watchedAt: watchedDaysAgo.map { now.addingTimeInterval(-$0 * 86_400) }, rating: rating,
            createdAt: now.addingTimeInterval(-addedDaysAgo * 86_400))
    }

    static func video(_ key: String, type: String = "Trailer", site: String = "YouTube", language: String?) -> Video {
        Video(name: key, key: key, site: site, type: type, language: language, official: true, url: nil)
    }
}
