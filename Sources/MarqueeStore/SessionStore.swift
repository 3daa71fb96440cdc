public import Foundation
public import MarqueeCore

/// A signed-in device: one session per sign-in, kept across server restarts. Its refresh tokens form one family:
/// each is used once and replaced, so a token used twice means it was stolen and ends the session, unless the second
/// use is a retry (see `SessionStore.refresh`).
public struct SessionRecord: Sendable, Equatable {
    /// The session's id (also the refresh-token family id).
    public var id: String
    /// Whose session it is.
    public var userID: UserID
    /// When the person signed in.
    public var createdAt: Date
    /// When a token of this session was last used.
    public var lastUsedAt: Date
    /// When the session ends unless used again (sliding).
    public var expiresAt: Date
    /// When it was signed out, revoked or ended by token reuse.
    public var revokedAt: Date?
    /// A short description of the client, for "signed in on" lists.
    public var client: String?

    /// Creates a session record.
    public init(
        id: String, userID: UserID, createdAt: Date, lastUsedAt: Date? = nil, expiresAt: Date, revokedAt: Date? = nil,
        client: String? = nil
    ) {
        self.id = id
        self.userID = userID
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt ?? createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.client = client
    }

    /// Whether the session can be used at `date`.
    public func isActive(at date: Date) -> Bool { revokedAt == nil && expiresAt > date }
}

/// What presenting a refresh token led to.
public enum RefreshOutcome: Sendable, Equatable {
    /// The token was current: it is now used, the new one issued, the session extended.
    case rotated(SessionRecord)
    /// The token was rotated moments ago into the very successor asked for, which is still unused: a client
    /// retrying a refresh whose answer it never got. Nothing changed; the same successor stands.
    case repeated(SessionRecord)
    /// No such token.
    case unknown
    /// The token had been used before: the whole session is now revoked.
    case reused(SessionRecord)
    /// The session was already revoked or has expired.
    case ended(SessionRecord)
}

/// Where sessions and their refresh tokens live. Tokens are stored only as hashes.
public protocol SessionStore: Sendable {
    /// Stores a new session with its first refresh token.
    func create(_ session: SessionRecord, tokenHash: String) async throws
    /// Stores a new browser session, identified by the hash of its cookie secret (it has no refresh tokens: the
    /// cookie stays the same for the life of the session).
    func create(_ session: SessionRecord, secretHash: String) async throws
    /// The session with this id.
    func session(id: String) async throws -> SessionRecord?
    /// The browser session whose cookie secret hashes to `secretHash`.
    func session(secretHash: String) async throws -> SessionRecord?
    /// Records use of a browser session (and of its account) and slides its expiry.
    func touch(sessionID: String, at date: Date, expiresAt: Date) async throws
    /// Presents the refresh token `tokenHash`, atomically: rotates it to `newTokenHash` and extends the session
    /// to `expiresAt`, or reports why not (revoking the session when the token is reused).
    ///
    /// A token used at or after `retriesSince` whose successor is `newTokenHash` and still unused is not a reuse but
    /// a retry (`.repeated`). Callers derive the successor from the token, so only a retry can name it.
    func refresh(tokenHash: String, newTokenHash: String, now: Date, expiresAt: Date, retriesSince: Date) async throws
        -> RefreshOutcome
    /// Revokes one session (sign out on this device).
    func revoke(sessionID: String, at date: Date) async throws
    /// Revokes every session of a user (sign out everywhere, password reset, deletion).
    func revokeAll(userID: UserID, at date: Date) async throws
}

/// The bus message saying sessions ended, so other instances forget them and close their live streams.
public enum SessionNotice: Sendable, Equatable {
    /// One session ended.
    case ended(String)
    /// Every session of the account ended.
    case allEnded(UserID)

    /// Reads a bus message; nil for any other kind of message.
    public init?(message: String) {
        let parts = message.split(separator: " ")
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "session-ended": self = .ended(String(parts[1]))
        case "sessions-ended":
            guard let user = UserID(String(parts[1])) else { return nil }
            self = .allEnded(user)
        default: return nil
        }
    }

    public var message: String {
        switch self {
        case .ended(let id): "session-ended \(id)"
        case .allEnded(let user): "sessions-ended \(user.rawValue)"
        }
    }
}
