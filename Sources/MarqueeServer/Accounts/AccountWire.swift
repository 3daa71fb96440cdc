import Foundation
import MarqueeAccounts
import MarqueeCore
import MarqueeStore

/// `GET /api/v1/me`: who is signed in.
struct MeBody: Encodable {
    struct Profile: Encodable {
        let displayName: String?
        let region: String?
        let language: String?
        let temperatureUnit: String?
        let preferredExperience: String?
    }

    let id: String
    let shortId: String
    /// `guest`, `email` or `google`.
    let accountType: String
    /// "Google", "Email (a@b.com)" or "Guest".
    let signInMethod: String
    let email: String?
    let emailVerified: Bool
    let createdAt: String
    let profile: Profile
    /// Only for cookie (web) sessions: the token to send in `X-CSRF-Token`.
    let csrfToken: String?

    init(_ user: UserRecord, csrfToken: String? = nil) {
        id = user.id.rawValue
        shortId = user.id.short
        accountType = user.googleSubject != nil ? "google" : user.email != nil ? "email" : "guest"
        signInMethod = user.signInMethod
        email = user.email
        emailVerified = user.emailVerified
        createdAt = RFC3339.string(user.createdAt)
        profile = Profile(
            displayName: user.profile.displayName, region: user.profile.region, language: user.profile.language,
            temperatureUnit: user.profile.temperatureUnit, preferredExperience: user.profile.preferredExperience)
        self.csrfToken = csrfToken
    }
}

/// A new session: tokens for API clients, or (with `"session":"cookie"`) a cookie plus its CSRF token.
struct SessionBody: Encodable {
    let sessionId: String
    let tokenType: String?
    let accessToken: String?
    let expiresIn: Int?
    let expiresAt: String?
    let refreshToken: String?
    let csrfToken: String?
    let user: MeBody?

    init(_ start: SessionStart, user: UserRecord?, now: Date) {
        switch start {
        case .tokens(let tokens):
            sessionId = tokens.sessionID
            tokenType = "Bearer"
            accessToken = tokens.accessToken
            expiresIn = max(0, Int(tokens.accessTokenExpiresAt.timeIntervalSince(now).rounded()))
            expiresAt = RFC3339.string(tokens.accessTokenExpiresAt)
            refreshToken = tokens.refreshToken
            csrfToken = nil
            self.user = user.map { MeBody($0) }
        case .web(let web):
            sessionId = web.sessionID
            tokenType = nil
            accessToken = nil
            expiresIn = nil
            expiresAt = nil
            refreshToken = nil
            csrfToken = web.csrfToken
            self.user = user.map { MeBody($0, csrfToken: web.csrfToken) }
        }
    }
}

/// The answer of actions that complete without a body of their own.
struct StatusBody: Encodable {
    let status: String
    let message: String
}
