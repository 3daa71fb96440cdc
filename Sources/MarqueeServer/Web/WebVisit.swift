import Hummingbird
import MarqueeAccounts
import MarqueeCore
import MarqueeStore
import MarqueeWeb

/// Who a page is for: the sign-in behind the session cookie (if any), its account and CSRF token, and the locale
/// the catalog is asked in.
struct WebVisit: Sendable {
    let auth: Authentication?
    let user: UserRecord?
    let csrf: String?
    let locale: LocaleOptions

    /// What the header shows.
    var viewer: Viewer {
        guard let user else { return .anonymous }
        if user.isGuest { return .guest }
        return .member(label: user.profile.displayName ?? user.email ?? "Google account")
    }

    /// Reads the visit from the request. A stale or ended session counts as nobody signed in.
    static func read(
        _ request: Request, authenticator: Authenticator, accounts: AccountService, defaults: LocaleOptions
    ) async -> WebVisit {
        guard let auth = try? await authenticator.optionalAuthentication(request), auth.method == .cookie,
            let user = try? await accounts.account(auth)
        else {
            return WebVisit(auth: nil, user: nil, csrf: nil, locale: defaults)
        }
        let locale = LocaleOptions(
            language: user.profile.language.flatMap(LocaleParsing.language) ?? defaults.language,
            region: user.profile.region.flatMap(LocaleParsing.region) ?? defaults.region)
        return WebVisit(
            auth: auth, user: user, csrf: authenticator.tokens.csrfToken(sessionID: auth.sessionID), locale: locale)
    }
}
