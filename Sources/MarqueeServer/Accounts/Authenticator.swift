import Foundation
import HTTPTypes
import Hummingbird
import MarqueeAccounts
import MarqueeCore

/// Finds the sign-in behind a request: an `Authorization: Bearer` access token (API clients) or the session
/// cookie (the web app). Cookie requests that change anything must carry the session's CSRF token in
/// `X-CSRF-Token`, and an `Origin`, when sent, must be this server's.
struct Authenticator: Sendable {
    static let cookieName = "marquee_session"

    let tokens: TokenIssuer
    let publicURL: PublicBaseURL

    /// The request's sign-in, or `auth.required`.
    func authenticate(_ request: Request) async throws -> Authentication {
        guard let auth = try await optionalAuthentication(request) else {
            throw DomainError(.authenticationRequired, "Sign in to do this.")
        }
        return auth
    }

    /// The request's sign-in if it presents one (a presented but invalid one still fails).
    func optionalAuthentication(_ request: Request) async throws -> Authentication? {
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else {
                throw DomainError(.invalidToken, "Send the access token as Authorization: Bearer <token>.")
            }
            return try await tokens.authenticate(accessToken: String(parts[1]))
        }
        guard let cookie = request.cookies[Self.cookieName]?.value, !cookie.isEmpty else { return nil }
        let auth = try await tokens.authenticate(cookie: cookie)
        if ![.get, .head, .options].contains(request.method) {
            try checkCSRF(request, sessionID: auth.sessionID)
        }
        return auth
    }

    /// What a request's session cookie says, for drawing a page (its header, its links), never for acting on the
    /// request: there is no CSRF check.
    enum CookieHolder {
        /// No session cookie.
        case none
        /// A session that is still active, with the cookie's value.
        case active(Authentication, cookie: String)
        /// A session that has ended (signed out elsewhere, lapsed, its account deleted): the cookie can go.
        case ended
        /// Not known now (the database did not answer): drawn as nobody, the cookie left alone.
        case unknown
    }

    /// Whose session cookie the request carries; see `CookieHolder`.
    func cookieHolder(_ request: Request) async -> CookieHolder {
        guard let cookie = request.cookies[Self.cookieName]?.value, !cookie.isEmpty else { return .none }
        do {
            return .active(try await tokens.authenticate(cookie: cookie), cookie: cookie)
        } catch let error as DomainError where error.code == .sessionEnded {
            return .ended
        } catch {
            return .unknown
        }
    }

    /// Whether the request came from this site, as far as the browser says: no `Origin`, or this server's.
    func isSameOrigin(_ request: Request) -> Bool {
        request.headers[.origin].map { $0 == Self.origin(of: publicURL.value) } ?? true
    }

    private func checkCSRF(_ request: Request, sessionID: String) throws {
        guard isSameOrigin(request) else {
            throw DomainError(.csrfFailed, "This request came from another site and was refused.")
        }
        guard let token = request.headers[.csrfToken], tokens.isValidCSRFToken(token, sessionID: sessionID) else {
            throw DomainError(.csrfFailed, "This page is out of date. Reload it and try again.")
        }
    }

    /// `https://host:port/path` → `https://host:port`.
    static func origin(of url: String) -> String {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host
        else { return url }
        return "\(scheme)://\(host)\(components.port.map { ":\($0)" } ?? "")"
    }

    /// The `Set-Cookie` values of a browser session of `user`, new or in use (a session's expiry slides with use,
    /// so its cookie's must too): the HttpOnly session cookie, then `marquee_account`, which names the account for
    /// as long. Scripts may read the second: the service worker shows an offline copy of the lists only to the
    /// account it names, so a copy outlives neither a sign-out nor a sign-in that lapsed.
    func sessionCookies(_ value: String, of user: UserID) -> [String] {
        [
            cookie(Self.cookieName, value, path: "/", maxAge: Self.sessionCookieLifetime),
            cookie(
                Self.accountCookieName, user.rawValue, path: "/", maxAge: Self.sessionCookieLifetime, httpOnly: false),
        ]
    }

    /// The `Set-Cookie` values that end a browser session: both of `sessionCookies` removed.
    func clearedCookies() -> [String] {
        [
            cookie(Self.cookieName, "", path: "/", maxAge: 0),
            cookie(Self.accountCookieName, "", path: "/", maxAge: 0, httpOnly: false),
        ]
    }

    /// As long as an unused browser session lasts (`TokenIssuer`'s session lifetime).
    static let sessionCookieLifetime = 30 * 86_400
    static let accountCookieName = "marquee_account"

    /// `Set-Cookie` for a cookie of this site, Secure when the public URL is https; without `maxAge` it lasts until
    /// the browser closes.
    func cookie(
        _ name: String, _ value: String, path: String, maxAge: Int?, sameSite: String = "Lax", httpOnly: Bool = true
    ) -> String {
        let secure = publicURL.value.lowercased().hasPrefix("https://") ? "; Secure" : ""
        let age = maxAge.map { "; Max-Age=\($0)" } ?? ""
        return "\(name)=\(value); Path=\(path)\(age)\(httpOnly ? "; HttpOnly" : ""); SameSite=\(sameSite)\(secure)"
    }
}

extension HTTPFields {
    /// Adds one `Set-Cookie` field per value.
    mutating func setCookies(_ values: [String]) {
        for value in values { append(HTTPField(name: .setCookie, value: value)) }
    }
}

extension HTTPField.Name {
    static let csrfToken = Self("X-CSRF-Token")!
}
