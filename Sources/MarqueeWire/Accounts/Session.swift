/// A new session: tokens for API clients, or, for `"session":"cookie"`, the CSRF token that goes with the cookie.
public struct Session: Codable, Sendable, Equatable {
    public var sessionId: String
    /// `Bearer`, for tokens.
    public var tokenType: String?
    public var accessToken: String?
    /// Seconds until the access token expires.
    public var expiresIn: Int?
    /// When the access token expires (RFC 3339).
    public var expiresAt: String?
    /// What `POST /api/v1/auth/refresh` takes for new tokens.
    public var refreshToken: String?
    /// For cookie sessions: the token to send in `X-CSRF-Token`.
    public var csrfToken: String?
    /// Who signed in; absent from a refresh's answer.
    public var user: Account?

    /// Creates a session's description.
    public init(
        sessionId: String, tokenType: String? = nil, accessToken: String? = nil, expiresIn: Int? = nil,
        expiresAt: String? = nil, refreshToken: String? = nil, csrfToken: String? = nil, user: Account? = nil
    ) {
        self.sessionId = sessionId
        self.tokenType = tokenType
        self.accessToken = accessToken
        self.expiresIn = expiresIn
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
        self.csrfToken = csrfToken
        self.user = user
    }
}
