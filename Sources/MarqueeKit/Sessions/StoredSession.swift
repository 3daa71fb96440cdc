public import Foundation
import MarqueeWire

/// A token session as MarqueeKit keeps it between launches: who is signed in, the access token and when it
/// expires, and the refresh token that renews it. Its description leaves the tokens out, so it is safe to log.
public struct StoredSession: Codable, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The account's id.
    public var userID: String
    /// The server's id of this sign-in (one per device).
    public var sessionID: String
    /// What goes in `Authorization: Bearer`.
    public var accessToken: String
    /// When the server stops taking `accessToken`.
    public var accessTokenExpiresAt: Date
    /// What `POST /api/v1/auth/refresh` takes for new tokens; each is good for one refresh.
    public var refreshToken: String
    /// `guest`, `email` or `google`, when known.
    public var accountType: String?
    /// The experience the account's app opens into (`Experience`'s raw value), when known.
    public var experience: String?
    /// When this device signed in, by its own clock, when known: what deleting the account without the password
    /// ("a sign-in from the last five minutes") is judged by before asking the server. Renewals keep it.
    public var signedInAt: Date?

    /// Creates a stored session.
    public init(
        userID: String, sessionID: String, accessToken: String, accessTokenExpiresAt: Date, refreshToken: String,
        accountType: String? = nil, experience: String? = nil, signedInAt: Date? = nil
    ) {
        self.signedInAt = signedInAt
        self.userID = userID
        self.sessionID = sessionID
        self.accessToken = accessToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.refreshToken = refreshToken
        self.accountType = accountType
        self.experience = experience
    }

    /// Whether the access token is expired at `date`, or will be within `leeway` seconds (a request sent now
    /// should not arrive with a token that lapsed on the way).
    public func isExpired(at date: Date, leeway: TimeInterval = 30) -> Bool {
        accessTokenExpiresAt.timeIntervalSince(date) <= leeway
    }

    /// Whether the account is a guest's.
    public var isGuest: Bool { accountType == "guest" }

    public var description: String {
        "StoredSession(user: \(userID), session: \(sessionID), expires: \(RFC3339.string(accessTokenExpiresAt)))"
    }

    public var debugDescription: String { description }

    /// What `dump` and reflection-based loggers see: no tokens either.
    public var customMirror: Mirror {
        Mirror(
            self, children: ["userID": userID, "sessionID": sessionID, "accessTokenExpiresAt": accessTokenExpiresAt])
    }
}

extension StoredSession {
    /// The session a sign-in answered with; nil when it is not a token session (no tokens, no user, no expiry).
    init?(signedIn session: Session, now: Date) {
        guard let user = session.user,
            let tokens = Self.tokens(of: session, now: now)
        else { return nil }
        self.init(
            userID: user.id, sessionID: session.sessionId, accessToken: tokens.access,
            accessTokenExpiresAt: tokens.expiresAt, refreshToken: tokens.refresh, accountType: user.accountType,
            experience: user.profile.experience, signedInAt: now)
    }

    /// `self` renewed by a refresh's answer, which names no user: the account stays the one refreshed.
    func renewed(by session: Session, now: Date) -> StoredSession? {
        guard let tokens = Self.tokens(of: session, now: now) else { return nil }
        var renewed = self
        renewed.sessionID = session.sessionId
        renewed.accessToken = tokens.access
        renewed.accessTokenExpiresAt = tokens.expiresAt
        renewed.refreshToken = tokens.refresh
        return renewed
    }

    /// `self` with what `account` says of its type and experience, when it is the same account.
    func updated(with account: Account) -> StoredSession {
        guard account.id == userID else { return self }
        var updated = self
        updated.accountType = account.accountType
        updated.experience = account.profile.experience
        return updated
    }

    private static func tokens(of session: Session, now: Date) -> (access: String, refresh: String, expiresAt: Date)? {
        guard let access = session.accessToken, let refresh = session.refreshToken else { return nil }
        // `expires_in` is measured on the server's clock, so it holds even when this device's clock is off.
        let expiresAt =
            session.expiresIn.map { now.addingTimeInterval(TimeInterval($0)) }
            ?? session.expiresAt.flatMap(RFC3339.date)
        guard let expiresAt else { return nil }
        return (access, refresh, expiresAt)
    }
}
