import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeWire
import NIOCore
import Testing

/// A browser's cookie session: its cookie and CSRF token, sending API calls the way the web app's scripts do.
struct BrowserSession {
    let cookie: String
    let csrf: String

    /// Sends `body` as JSON with the cookie and the CSRF token.
    func send(_ client: some TestClientProtocol, _ path: String, _ method: HTTPRequest.Method, _ body: String)
        async throws -> TestResponse
    {
        try await client.send(
            path, method: method, body: body,
            headers: [.cookie: cookie, .csrfToken: csrf, .contentType: "application/json"])
    }

    /// A new guest signed in with a session cookie.
    static func guest(_ client: some TestClientProtocol) async throws -> BrowserSession {
        let guest = try await client.send(
            "/api/v1/auth/guest", method: .post, body: #"{"session":"cookie"}"#,
            headers: [.contentType: "application/json"])
        let cookie = try #require(guest.headers[.setCookie]?.split(separator: ";").first.map(String.init))
        let session = try guest.decode(Session.self)
        return BrowserSession(cookie: cookie, csrf: try #require(session.csrfToken))
    }
}
