import Foundation
import MarqueeWire

@testable import MarqueeKit

/// A mirror of one signed-in person's items on a `MirrorScriptedTransport`: its client (never retrying by itself),
/// its feed, and a clock the test sets. Waits before sending again last until `retryNow()`.
struct MirrorHarness {
    static let baseURL = URL(string: "https://marquee.test/")!
    /// Where the tests' clocks start: the mirror's reads this until moved, the server's a minute later.
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    let transport: MirrorScriptedTransport
    let sessions: SessionManager
    let feed: ChangeFeed
    let clock: Locked<Date>
    let mirror: ItemMirror

    init(
        _ transport: MirrorScriptedTransport, store: any MirrorStore, user: String = "user-1",
        resumePoints: any ResumePointStore = MemoryResumePointStore(), clock: Locked<Date> = Locked(MirrorHarness.start)
    ) {
        self.transport = transport
        self.clock = clock
        sessions = SessionManager(storage: MemorySessionStorage(Self.session(user)))
        let client = MarqueeClient(baseURL: Self.baseURL, transport: transport, sessions: sessions, retryPolicy: .never)
        feed = ChangeFeed(
            baseURL: Self.baseURL, transport: transport, credentials: sessions, resumePoints: resumePoints,
            sleep: Self.untilCancelled)
        mirror = ItemMirror(
            client: client, feed: feed, store: store, now: { clock.current }, sleep: Self.untilCancelled)
    }

    /// A server whose clock runs a minute ahead of the mirror's.
    static func server() -> MirrorScriptedTransport {
        MirrorScriptedTransport(clock: start.addingTimeInterval(60))
    }

    static func session(_ user: String) -> StoredSession {
        StoredSession(
            userID: user, sessionID: "session-\(user)", accessToken: "access-\(user)",
            accessTokenExpiresAt: Date(timeIntervalSinceNow: 86_400), refreshToken: "refresh-\(user)")
    }

    /// What a sign-in as `user` answers.
    static func signIn(_ user: String) -> Session {
        let account = Account(
            id: user, shortId: String(user.prefix(8)), accountType: "email", signInMethod: "Email (a@b.com)",
            email: "a@b.com", emailVerified: true, createdAt: "2027-01-01T00:00:00Z",
            profile: Account.Profile(experience: "movies"))
        return Session(
            sessionId: "session-\(user)", tokenType: "Bearer", accessToken: "access-\(user)", expiresIn: 900,
            expiresAt: RFC3339.string(Date(timeIntervalSinceNow: 900)), refreshToken: "refresh-\(user)", user: account)
    }

    static func snapshot(_ title: String) -> ItemSnapshot {
        ItemSnapshot(title: title, imageURL: "https://images.test/\(title).jpg", subtitle: "1999")
    }

    static func item(_ id: String, _ title: String, list: SavedList = .favorites, kind: SavedKind = .movie) -> SavedItem
    {
        SavedItem(list: list, kind: kind, id: id, snapshot: snapshot(title), createdAt: start)
    }

    /// Returns once `condition` holds of the mirror, checking after each of its updates.
    func until(_ condition: @escaping @Sendable (isolated ItemMirror) -> Bool) async {
        let updates = await mirror.updates()
        if await mirror.holds(condition) { return }
        for await _ in updates {
            if await mirror.holds(condition) { return }
        }
    }

    /// Stops the mirror and disconnects the feed, as an app ending would.
    func shutDown() async {
        await mirror.stop()
        await feed.disconnect()
    }

    /// A wait that lasts until its task is cancelled.
    static let untilCancelled: @Sendable (Duration) async throws -> Void = { _ in
        let (never, keepOpen) = AsyncStream<Never>.makeStream()
        await withTaskCancellationHandler {
            for await _ in never {}
        } onCancel: {
            keepOpen.finish()
        }
        throw CancellationError()
    }
}

extension ItemMirror {
    /// Whether `condition` holds of the mirror now.
    func holds(_ condition: @Sendable (isolated ItemMirror) -> Bool) -> Bool {
        condition(self)
    }
}
