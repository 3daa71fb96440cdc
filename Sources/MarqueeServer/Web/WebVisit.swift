import Hummingbird
import MarqueeAccounts
import MarqueeCore
import MarqueeStore
import MarqueeWeb
import MarqueeWire

/// Who a page is for: the sign-in behind the session cookie (if any), its account and CSRF token, and the locale
/// the catalog is asked in.
struct WebVisit: Sendable {
    let auth: Authentication?
    let user: UserRecord?
    let csrf: String?
    let locale: LocaleOptions
    /// `language=…&region=…` when the person's locale is not the server's default, so the pages a script loads
    /// later (infinite scroll, search as you type) match the page it was drawn in; else empty.
    let localeQuery: String
    /// The person's latest change (its resume point) when the visit was read, before anything on the page: its
    /// live stream resumes from here, so a change made while the page loads is not missed (and no snapshot of every
    /// item is sent).
    var latestPoint: String? = nil
    /// `Set-Cookie` values for the page's response: an active session's cookies renewed (its expiry slides with
    /// use, and a cookie that did not would end the sign-in of someone using it every day), an ended one's removed.
    var cookies: [String] = []

    /// Nobody signed in.
    static func anonymous(_ defaults: LocaleOptions) -> WebVisit {
        WebVisit(auth: nil, user: nil, csrf: nil, locale: defaults, localeQuery: "")
    }

    /// `path` with the locale query added, for an API URL a script will page through.
    func api(_ path: String) -> String {
        guard !localeQuery.isEmpty else { return path }
        return path + (path.contains("?") ? "&" : "?") + localeQuery
    }

    /// What the person's app is about (`movies` for visitors and for those who chose none).
    var experience: Experience {
        user?.profile.experience.flatMap(Experience.init(rawValue:)) ?? .standard
    }

    /// What the header shows.
    var viewer: Viewer {
        guard let user else { return .anonymous }
        if user.isGuest { return .guest }
        return .member(label: user.profile.displayName ?? user.email ?? "Google account")
    }

    /// Reads the visit from the request. A stale or ended session counts as nobody signed in.
    static func read(
        _ request: Request, authenticator: Authenticator, accounts: AccountService, defaults: LocaleOptions,
        latestPoint: (UserID) async -> String?
    ) async -> WebVisit {
        // A page drawn after a plain form was sent (a mailed link's) still shows who is signed in.
        let auth: Authentication
        let cookie: String
        switch await authenticator.cookieHolder(request) {
        case .active(let holder, let value): (auth, cookie) = (holder, value)
        case .ended:
            var visit = WebVisit.anonymous(defaults)
            visit.cookies = authenticator.clearedCookies()
            return visit
        case .none, .unknown: return .anonymous(defaults)
        }
        guard let user = try? await accounts.account(auth) else { return .anonymous(defaults) }
        let locale = LocaleOptions(
            language: user.profile.language.flatMap(LocaleParsing.language) ?? defaults.language,
            region: user.profile.region.flatMap(LocaleParsing.region) ?? defaults.region)
        let localeQuery =
            locale == defaults
            ? "" : "language=\(locale.language.queryValueEncoded)&region=\(locale.region.queryValueEncoded)"
        return WebVisit(
            auth: auth, user: user, csrf: authenticator.tokens.maskedCSRFToken(sessionID: auth.sessionID),
            locale: locale,
            localeQuery: localeQuery, latestPoint: await latestPoint(auth.userID),
            cookies: authenticator.sessionCookies(cookie, of: auth.userID))
    }
}
