import Crypto
package import Foundation
import JWTKit
package import MarqueeCore
package import MarqueeStore

/// What a client holds after signing in: a short-lived access token for requests and a refresh token to get the
/// next pair. The refresh token is shown once and stored only as a hash.
package struct SessionTokens: Sendable, Equatable {
    /// Signed (HS256) access token; sent as `Authorization: Bearer …`.
    package var accessToken: String
    /// When the access token stops working.
    package var accessTokenExpiresAt: Date
    /// Single-use refresh token.
    package var refreshToken: String
    /// The session the tokens belong to.
    package var sessionID: String
    /// The signed-in user.
    package var userID: UserID
}

/// Who an access token speaks for.
package struct AccessClaims: Sendable, Equatable {
    /// The signed-in user.
    package var userID: UserID
    /// Their session (so signing out can end it).
    package var sessionID: String

    /// Creates claims.
    package init(userID: UserID, sessionID: String) {
        self.userID = userID
        self.sessionID = sessionID
    }
}

/// A browser session: the cookie's secret (kept only as a hash on the server) and the CSRF token pages must send
/// with every change.
package struct WebSession: Sendable, Equatable {
    /// The `marquee_session` cookie's value.
    package var cookieValue: String
    /// The session's id.
    package var sessionID: String
    /// Sent back in `X-CSRF-Token` (or a form's `csrf_token`) with every state-changing request.
    package var csrfToken: String
}

/// A request's verified sign-in.
package struct Authentication: Sendable, Equatable {
    /// How the request proved it.
    package enum Method: Sendable, Equatable {
        /// `Authorization: Bearer` access token (API clients).
        case accessToken
        /// The session cookie (the web app); changes need a CSRF token.
        case cookie
    }

    /// The signed-in user.
    package var userID: UserID
    /// Their session.
    package var sessionID: String
    /// When they signed in (for actions that need a recent sign-in).
    package var signedInAt: Date
    /// Token or cookie.
    package var method: Method

    /// Creates an authentication.
    package init(userID: UserID, sessionID: String, signedInAt: Date, method: Method) {
        self.userID = userID
        self.sessionID = sessionID
        self.signedInAt = signedInAt
        self.method = method
    }
}

/// Starts sessions and issues, rotates and checks tokens.
package struct TokenIssuer: Sendable {
    private let keys: JWTKeyCollection
    private let csrfKey: SymmetricKey
    private let refreshKey: SymmetricKey
    private let formKey: SymmetricKey
    private let sessions: any SessionStore
    private let now: @Sendable () -> Date
    private let accessLifetime: TimeInterval
    private let sessionLifetime: TimeInterval
    private let verified = VerifiedTokenCache()

    /// Creates an issuer signing with `signingKey` (at least 32 bytes). Access tokens live `accessLifetime`
    /// (at most 15 minutes); a session ends after `sessionLifetime` without use.
    package init(
        signingKey: [UInt8], sessions: any SessionStore, now: @escaping @Sendable () -> Date = { Date() },
        accessLifetime: TimeInterval = 15 * 60, sessionLifetime: TimeInterval = 30 * 86_400
    ) async throws {
        guard signingKey.count >= 32 else {
            throw DomainError(.internal, "The token signing key must be at least 32 bytes long.")
        }
        keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(key: SymmetricKey(data: signingKey)), digestAlgorithm: .sha256)
        csrfKey = Self.derivedKey("marquee-csrf", from: signingKey)
        refreshKey = Self.derivedKey("marquee-refresh", from: signingKey)
        formKey = Self.derivedKey("marquee-form", from: signingKey)
        self.sessions = sessions
        self.now = now
        self.accessLifetime = min(accessLifetime, 15 * 60)
        self.sessionLifetime = sessionLifetime
    }

    /// Signs `user` in on a new device, once `precondition` still holds of the account (see `SessionStore.create`).
    package func startSession(for user: UserID, requiring precondition: SessionPrecondition, client: String? = nil)
        async throws -> SessionTokens
    {
        let session = newSession(for: user, client: client)
        let refreshToken = Self.randomToken()
        try await sessions.create(session, tokenHash: Self.hash(refreshToken), requiring: precondition)
        return try await tokens(for: session, refreshToken: refreshToken, issuedAt: session.createdAt)
    }

    /// Signs `user` in on a browser, once `precondition` still holds: the session lives behind an HttpOnly cookie.
    package func startWebSession(for user: UserID, requiring precondition: SessionPrecondition, client: String? = nil)
        async throws -> WebSession
    {
        let session = newSession(for: user, client: client)
        let secret = Self.randomToken()
        try await sessions.create(session, secretHash: Self.hash(secret), requiring: precondition)
        return WebSession(cookieValue: secret, sessionID: session.id, csrfToken: csrfToken(sessionID: session.id))
    }

    private func newSession(for user: UserID, client: String?) -> SessionRecord {
        let issuedAt = now()
        return SessionRecord(
            id: UUID().uuidString.lowercased(), userID: user, createdAt: issuedAt,
            expiresAt: issuedAt.addingTimeInterval(sessionLifetime), client: client.map { $0.prefix(codePoints: 200) })
    }

    /// The sign-in behind an access token, whose session must still be active (so signing out takes effect at once).
    package func authenticate(accessToken: String) async throws -> Authentication {
        let claims = try await verify(accessToken: accessToken)
        guard let session = try await sessions.session(id: claims.sessionID), session.userID == claims.userID,
            session.isActive(at: now())
        else { throw DomainError(.sessionEnded, "This sign-in has ended. Please sign in again.") }
        return Authentication(
            userID: session.userID, sessionID: session.id, signedInAt: session.createdAt, method: .accessToken)
    }

    /// The sign-in behind a session cookie; use slides its expiry (at most once an hour, to spare writes).
    package func authenticate(cookie: String) async throws -> Authentication {
        let current = now()
        guard let session = try await sessions.session(secretHash: Self.hash(cookie)), session.isActive(at: current)
        else { throw DomainError(.sessionEnded, "This sign-in has ended. Please sign in again.") }
        if current.timeIntervalSince(session.lastUsedAt) > 3600 {
            try await sessions.touch(
                sessionID: session.id, at: current, expiresAt: current.addingTimeInterval(sessionLifetime))
        }
        return Authentication(
            userID: session.userID, sessionID: session.id, signedInAt: session.createdAt, method: .cookie)
    }

    /// Whether `user`'s session `sessionID` can still be used (live streams re-check this now and then).
    package func isActive(sessionID: String, of user: UserID) async throws -> Bool {
        guard let session = try await sessions.session(id: sessionID) else { return false }
        return session.userID == user && session.isActive(at: now())
    }

    /// The CSRF token of a browser session: an HMAC of its id, so it needs no storage.
    package func csrfToken(sessionID: String) -> String {
        Data(csrfBytes(sessionID: sessionID)).base64URLEncoded()
    }

    /// The CSRF token masked with a fresh random pad (`pad ‖ token ⊕ pad`), for pages: it differs on every page,
    /// so compressing a page that also echoes what someone typed cannot reveal it byte by byte (BREACH).
    package func maskedCSRFToken(sessionID: String) -> String {
        let token = csrfBytes(sessionID: sessionID)
        let pad = Hex.randomBytes(token.count)
        return Data(pad + zip(token, pad).map { $0 ^ $1 }).base64URLEncoded()
    }

    /// Whether `token` is the session's CSRF token, plain or masked (compared in constant time).
    package func isValidCSRFToken(_ token: String, sessionID: String) -> Bool {
        guard var presented = Data(base64URLEncoded: token).map(Array.init) else { return false }
        if presented.count == 2 * Self.csrfLength {
            presented = zip(presented[Self.csrfLength...], presented[..<Self.csrfLength]).map { $0 ^ $1 }
        }
        return HMAC<SHA256>.isValidAuthenticationCode(presented, authenticating: Array(sessionID.utf8), using: csrfKey)
    }

    /// A token for a form shown to someone not signed in (`nonce.mac`): random, and signed with the server's key, so
    /// that only this server can make one. A site that can set cookies for this one (a sibling subdomain) cannot
    /// plant a token of its own choosing.
    package func newFormToken() -> String {
        let nonce = Data(Hex.randomBytes(16)).base64URLEncoded()
        return nonce + "."
            + Data(HMAC<SHA256>.authenticationCode(for: Array(nonce.utf8), using: formKey)).base64URLEncoded()
    }

    /// Whether this server made `token` with `newFormToken` (checked in constant time).
    package func isValidFormToken(_ token: String) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let mac = Data(base64URLEncoded: String(parts[1])) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: Array(parts[0].utf8), using: formKey)
    }

    /// A CSRF token's length in bytes (a SHA-256 HMAC).
    private static let csrfLength = SHA256.byteCount

    private func csrfBytes(sessionID: String) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array(sessionID.utf8), using: csrfKey))
    }

    /// Ends one session (sign out on this device).
    package func endSession(_ sessionID: String) async throws {
        try await sessions.revoke(sessionID: sessionID, at: now())
    }

    /// Ends every session of `user` (sign out everywhere).
    package func endAllSessions(of user: UserID) async throws {
        try await sessions.revokeAll(userID: user, at: now())
    }

    /// Removes sessions that ended, and refresh tokens used, longer ago than a session's lifetime (a token that
    /// old reads as unknown rather than reused: either way it signs no one in); returns how many sessions went.
    package func pruneEndedSessions() async throws -> Int {
        try await sessions.prune(endedBefore: now().addingTimeInterval(-sessionLifetime))
    }

    /// How long after a refresh its token may be presented again for the same answer, so that a client which lost
    /// the answer (a dropped connection, a timeout) retries instead of being signed out. Within it a stolen copy
    /// used first would go unnoticed, so it is kept short.
    package static let refreshRetryWindow: TimeInterval = 60

    /// Exchanges a refresh token for a new pair. A token presented a second time ends its session, unless it is
    /// presented again within `refreshRetryWindow` while its successor is still unused: then the answer repeats
    /// that successor (with a new access token).
    package func refresh(_ refreshToken: String) async throws -> SessionTokens {
        let issuedAt = now()
        // Derived from the token, not random, so that a retry names the same successor and the store can tell it
        // from a reuse without keeping any token itself.
        let next = successor(of: refreshToken)
        let outcome = try await sessions.refresh(
            tokenHash: Self.hash(refreshToken), newTokenHash: Self.hash(next), now: issuedAt,
            expiresAt: issuedAt.addingTimeInterval(sessionLifetime),
            retriesSince: issuedAt.addingTimeInterval(-Self.refreshRetryWindow))
        switch outcome {
        case .rotated(let session), .repeated(let session):
            return try await tokens(for: session, refreshToken: next, issuedAt: issuedAt)
        case .unknown:
            throw DomainError(.invalidToken, "This sign-in is not valid. Please sign in again.")
        case .reused:
            throw DomainError(
                .sessionEnded,
                "For your safety this sign-in was ended because its token was used twice. Please sign in again.")
        case .ended:
            throw DomainError(.sessionEnded, "This sign-in has ended. Please sign in again.")
        }
    }

    /// The claims of a valid, unexpired access token.
    package func verify(accessToken: String) async throws -> AccessClaims {
        if let claims = verified.claims(for: accessToken, at: now()) { return claims }
        let payload: AccessPayload
        do {
            payload = try await keys.verify(accessToken, as: AccessPayload.self)
        } catch {
            throw DomainError(.invalidToken, "This sign-in is not valid. Please sign in again.")
        }
        guard payload.exp.value > now(), let userID = UserID(payload.sub.value) else {
            throw DomainError(.tokenExpired, "This sign-in has expired. Refresh it or sign in again.")
        }
        let claims = AccessClaims(userID: userID, sessionID: payload.sid)
        verified.remember(claims, for: accessToken, expiresAt: payload.exp.value)
        return claims
    }

    private func tokens(for session: SessionRecord, refreshToken: String, issuedAt: Date) async throws -> SessionTokens
    {
        // Whole seconds, as JWT libraries elsewhere expect `iat` and `exp` to be.
        let issuedAt = Date(timeIntervalSince1970: issuedAt.timeIntervalSince1970.rounded(.down))
        let expires = issuedAt.addingTimeInterval(accessLifetime)
        let payload = AccessPayload(
            sub: SubjectClaim(value: session.userID.rawValue), sid: session.id, iat: IssuedAtClaim(value: issuedAt),
            exp: ExpirationClaim(value: expires))
        return SessionTokens(
            accessToken: try await keys.sign(payload), accessTokenExpiresAt: expires, refreshToken: refreshToken,
            sessionID: session.id, userID: session.userID)
    }

    /// The refresh token that replaces `token`: an HMAC of it, as long and as unguessable as a random one.
    private func successor(of token: String) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Array(token.utf8), using: refreshKey)).base64URLEncoded()
    }

    /// A key of its own for one use, derived so that one secret setting serves every use.
    private static func derivedKey(_ purpose: String, from secret: [UInt8]) -> SymmetricKey {
        SymmetricKey(
            data: Array(HMAC<SHA256>.authenticationCode(for: Array(purpose.utf8), using: SymmetricKey(data: secret))))
    }

    /// 256 random bits, URL-safe.
    static func randomToken() -> String {
        Data(Hex.randomBytes(32)).base64URLEncoded()
    }

    /// SHA-256 in hex: what the database keeps instead of the token.
    static func hash(_ token: String) -> String {
        Hex.string(SHA256.hash(data: Data(token.utf8)))
    }
}

/// The claims Marquee puts in access tokens.
struct AccessPayload: JWTPayload {
    var sub: SubjectClaim
    var sid: String
    var iat: IssuedAtClaim
    var exp: ExpirationClaim

    // Expiry is checked against the injected clock in `TokenIssuer.verify(accessToken:)`.
    func verify(using algorithm: some JWTAlgorithm) throws {}
}
