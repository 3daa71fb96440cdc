package import Foundation
package import MarqueeCore

/// A signed-in device: one session per sign-in, kept across server restarts. Its refresh tokens form one family:
/// each is used once and replaced, so a token used twice means it was stolen and ends the session, unless the second
/// use is a retry (see `SessionStore.refresh`).
package struct SessionRecord: Sendable, Equatable {
    /// The session's id (also the refresh-token family id).
    package var id: String
    /// Whose session it is.
    package var userID: UserID
    /// When the person signed in.
    package var createdAt: Date
    /// When a token of this session was last used.
    package var lastUsedAt: Date
    /// When the session ends unless used again (sliding).
    package var expiresAt: Date
    /// When it was signed out, revoked or ended by token reuse.
    package var revokedAt: Date?
    /// A short description of the client, for "signed in on" lists.
    package var client: String?

    /// Creates a session record.
    package init(
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
    package func isActive(at date: Date) -> Bool { revokedAt == nil && expiresAt > date }
}

/// What presenting a refresh token led to.
package enum RefreshOutcome: Sendable, Equatable {
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

/// What must still be true of an account for a session to start, checked in the transaction that stores it. A
/// sign-in reads the account, then spends a quarter of a second checking the password: a password reset, a disabled
/// account or "sign out everywhere" that commits meanwhile must win over it.
package struct SessionPrecondition: Sendable, Equatable {
    /// The account's `sessionGeneration` as the sign-in read it.
    package var generation: Int64
    /// The password hash the sign-in checked the password against; nil when it checked none (Google, guests).
    package var passwordHash: String?

    /// Requires the account to be at `generation`, enabled, and (when given) to have `passwordHash` still.
    package init(generation: Int64, passwordHash: String? = nil) {
        self.generation = generation
        self.passwordHash = passwordHash
    }

    /// What a sign-in that read `user` requires; `checkedPassword` when it checked the password against its hash.
    package init(_ user: UserRecord, checkedPassword: Bool) {
        self.init(generation: user.sessionGeneration, passwordHash: checkedPassword ? user.passwordHash : nil)
    }
}

/// Where sessions and their refresh tokens live. Tokens are stored only as hashes.
package protocol SessionStore: Sendable {
    /// Stores a new session with its first refresh token, and marks its account active at its start, once
    /// `precondition` holds; otherwise throws `auth.session_ended` (the generation moved on, or no such account),
    /// `auth.account_disabled` or `auth.invalid_credentials` (the password changed), storing nothing.
    func create(_ session: SessionRecord, tokenHash: String, requiring precondition: SessionPrecondition)
        async throws
    /// Stores a new browser session, identified by the hash of its cookie secret (it has no refresh tokens: the
    /// cookie stays the same for the life of the session), under the same precondition.
    func create(_ session: SessionRecord, secretHash: String, requiring precondition: SessionPrecondition)
        async throws
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
    /// Revokes every session of a user (sign out everywhere, password reset, deletion) and moves the account's
    /// session generation on, so that no sign-in under way meanwhile can start a session after it.
    func revokeAll(userID: UserID, at date: Date) async throws
    /// Removes sessions that ended (revoked or expired) before `date`, with their refresh tokens, and refresh tokens
    /// used before `date`; returns how many sessions went. A token presented after that reads as unknown.
    @discardableResult
    func prune(endedBefore date: Date) async throws -> Int
}

/// The bus message saying sessions ended, so other instances forget them and close their live streams.
package enum SessionNotice: Sendable, Equatable {
    /// One session ended.
    case ended(String)
    /// Every session of the account ended.
    case allEnded(UserID)

    /// Reads a bus message; nil for any other kind of message.
    package init?(message: String) {
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

    package var message: String {
        switch self {
        case .ended(let id): "session-ended \(id)"
        case .allEnded(let user): "sessions-ended \(user.rawValue)"
        }
    }
}

/// The bus message saying an account's profile (its preferences) changed, so other instances tell its live streams.
package struct ProfileNotice: Sendable, Equatable {
    package let user: UserID

    package init(user: UserID) { self.user = user }

    /// Reads a bus message; nil for any other kind of message.
    package init?(message: String) {
        let parts = message.split(separator: " ")
        guard parts.count == 2, parts[0] == "profile-changed", let user = UserID(String(parts[1])) else { return nil }
        self.user = user
    }

    package var message: String { "profile-changed \(user.rawValue)" }
}

extension DomainError {
    /// A sign-in overtaken by "sign out everywhere", a new password or the account's deletion.
    package static var signInOvertaken: DomainError {
        DomainError(
            .sessionEnded,
            "The account changed while you were signing in (a new password, or signing out everywhere). Please sign in again."
        )
    }

    /// A sign-in to an account disabled meanwhile.
    package static var signInDisabled: DomainError {
        DomainError(.accountDisabled, "This account has been disabled by the server's operator.")
    }

    /// A sign-in whose password was replaced while it was being checked.
    package static var signInPasswordChanged: DomainError {
        DomainError(.invalidCredentials, "That email address and password don't match an account.")
    }
}
