import Foundation
import MarqueeAccounts
import MarqueeCore
import MarqueeStore
import MarqueeWire

extension Account {
    /// The profile as the API shows it: the experience always named (`movies` for one never chosen).
    static func shown(_ profile: UserProfile) -> Profile {
        var shown = profile
        shown.experience = profile.experience ?? Experience.standard.rawValue
        return shown
    }

    /// `user` as `GET /api/v1/me` describes it; `csrfToken` only for cookie sessions.
    init(_ user: UserRecord, csrfToken: String? = nil) {
        self.init(
            id: user.id.rawValue, shortId: user.id.short,
            accountType: user.googleSubject != nil ? "google" : user.email != nil ? "email" : "guest",
            signInMethod: user.signInMethod, email: user.email, emailVerified: user.emailVerified,
            createdAt: RFC3339.string(user.createdAt),
            profile: Self.shown(user.profile),
            csrfToken: csrfToken)
    }
}

extension Session {
    /// The answer of a sign-in that started `start`, with the account when the flow has one to show.
    init(_ start: SessionStart, user: UserRecord?, now: Date) {
        switch start {
        case .tokens(let tokens):
            self.init(
                sessionId: tokens.sessionID, tokenType: "Bearer", accessToken: tokens.accessToken,
                expiresIn: max(0, Int(tokens.accessTokenExpiresAt.timeIntervalSince(now).rounded())),
                expiresAt: RFC3339.string(tokens.accessTokenExpiresAt), refreshToken: tokens.refreshToken,
                user: user.map { Account($0) })
        case .web(let web):
            self.init(
                sessionId: web.sessionID, csrfToken: web.csrfToken,
                user: user.map { Account($0, csrfToken: web.csrfToken) })
        }
    }
}
