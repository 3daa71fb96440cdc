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

    /// Whose session cookie the request carries, without the CSRF check that changes need: for drawing a page
    /// (its header, its links), never for acting on the request. Nil when there is none or it is no longer valid.
    func cookieHolder(_ request: Request) async -> Authentication? {
        guard let cookie = request.cookies[Self.cookieName]?.value, !cookie.isEmpty else { return nil }
        return try? await tokens.authenticate(cookie: cookie)
    }

    private func checkCSRF(_ request: Request, sessionID: String) throws {
        if let origin = request.headers[.origin], origin != Self.origin(of: publicURL.value) {
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

    /// `Set-Cookie` for a new browser session.
    func sessionCookie(_ value: String, maxAge: Int = 30 * 86_400) -> String {
        cookie(Self.cookieName, value, path: "/", maxAge: maxAge)
    }

    /// `Set-Cookie` for an HttpOnly cookie of this site, Secure when the public URL is https; without `maxAge` it
    /// lasts until the browser closes.
    func cookie(_ name: String, _ value: String, path: String, maxAge: Int?, sameSite: String = "Lax") -> String {
        let secure = publicURL.value.lowercased().hasPrefix("https://") ? "; Secure" : ""
        let age = maxAge.map { "; Max-Age=\($0)" } ?? ""
        return "\(name)=\(value); Path=\(path)\(age); HttpOnly; SameSite=\(sameSite)\(secure)"
    }

    /// `Set-Cookie` that removes the session cookie.
    func clearedCookie() -> String { sessionCookie("", maxAge: 0) }
}

extension HTTPField.Name {
    static let csrfToken = Self("X-CSRF-Token")!
}
