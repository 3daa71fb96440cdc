import Crypto
public import Foundation
import JWTKit
public import MarqueeCore
public import MarqueeStore

/// What a client holds after signing in: a short-lived access token for requests and a refresh token to get the
/// next pair. The refresh token is shown once and stored only as a hash.
public struct SessionTokens: Sendable, Equatable {
    /// Signed (HS256) access token; sent as `Authorization: Bearer …`.
    public var accessToken: String
    /// When the access token stops working.
    public var accessTokenExpiresAt: Date
    /// Single-use refresh token.
    public var refreshToken: String
    /// The session the tokens belong to.
    public var sessionID: String
}

/// Who an access token speaks for.
public struct AccessClaims: Sendable, Equatable {
    /// The signed-in user.
    public var userID: UserID
    /// Their session (so signing out can end it).
    public var sessionID: String

    /// Creates claims.
    public init(userID: UserID, sessionID: String) {
        self.userID = userID
        self.sessionID = sessionID
    }
}

/// Starts sessions and issues, rotates and checks tokens.
public struct TokenIssuer: Sendable {
    private let keys: JWTKeyCollection
    private let sessions: any SessionStore
    private let now: @Sendable () -> Date
    private let accessLifetime: TimeInterval
    private let sessionLifetime: TimeInterval

    /// Creates an issuer signing with `signingKey` (at least 32 bytes). Access tokens live `accessLifetime`
    /// (at most 15 minutes); a session ends after `sessionLifetime` without use.
    public init(
        signingKey: [UInt8], sessions: any SessionStore, now: @escaping @Sendable () -> Date = { Date() },
        accessLifetime: TimeInterval = 15 * 60, sessionLifetime: TimeInterval = 30 * 86_400
    ) async throws {
        guard signingKey.count >= 32 else {
            throw DomainError(.internal, "The token signing key must be at least 32 bytes long.")
        }
        keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(key: SymmetricKey(data: signingKey)), digestAlgorithm: .sha256)
        self.sessions = sessions
        self.now = now
        self.accessLifetime = min(accessLifetime, 15 * 60)
        self.sessionLifetime = sessionLifetime
    }

    /// Signs `user` in on a new device.
    public func startSession(for user: UserID, client: String? = nil) async throws -> SessionTokens {
        let issuedAt = now()
        let session = SessionRecord(
            id: UUID().uuidString.lowercased(), userID: user, createdAt: issuedAt,
            expiresAt: issuedAt.addingTimeInterval(sessionLifetime), client: client.map { String($0.prefix(200)) })
        let refreshToken = Self.randomToken()
        try await sessions.create(session, tokenHash: Self.hash(refreshToken))
        return try await tokens(for: session, refreshToken: refreshToken, issuedAt: issuedAt)
    }

    /// Exchanges a refresh token for a new pair. A token presented a second time ends its session.
    public func refresh(_ refreshToken: String) async throws -> SessionTokens {
        let issuedAt = now()
        let next = Self.randomToken()
        let outcome = try await sessions.refresh(
            tokenHash: Self.hash(refreshToken), newTokenHash: Self.hash(next), now: issuedAt,
            expiresAt: issuedAt.addingTimeInterval(sessionLifetime))
        switch outcome {
        case .rotated(let session):
            return try await tokens(for: session, refreshToken: next, issuedAt: issuedAt)
        case .unknown:
            throw DomainError(.invalidToken, "This sign-in is not valid. Please sign in again.")
        case .reused:
            throw DomainError(.sessionEnded, "For your safety this sign-in was ended because its token was used twice. Please sign in again.")
        case .ended:
            throw DomainError(.sessionEnded, "This sign-in has ended. Please sign in again.")
        }
    }

    /// The claims of a valid, unexpired access token.
    public func verify(accessToken: String) async throws -> AccessClaims {
        let payload: AccessPayload
        do {
            payload = try await keys.verify(accessToken, as: AccessPayload.self)
        } catch {
            throw DomainError(.invalidToken, "This sign-in is not valid. Please sign in again.")
        }
        guard payload.exp.value > now(), let userID = UserID(payload.sub.value) else {
            throw DomainError(.tokenExpired, "This sign-in has expired. Refresh it or sign in again.")
        }
        return AccessClaims(userID: userID, sessionID: payload.sid)
    }

    private func tokens(for session: SessionRecord, refreshToken: String, issuedAt: Date) async throws -> SessionTokens {
        let expires = issuedAt.addingTimeInterval(accessLifetime)
        let payload = AccessPayload(
            sub: SubjectClaim(value: session.userID.rawValue), sid: session.id, iat: IssuedAtClaim(value: issuedAt),
            exp: ExpirationClaim(value: expires))
        return SessionTokens(
            accessToken: try await keys.sign(payload), accessTokenExpiresAt: expires, refreshToken: refreshToken,
            sessionID: session.id)
    }

    /// 256 random bits, URL-safe.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// SHA-256 in hex: what the database keeps instead of the token.
    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
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
