import AsyncHTTPClient
import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeCore
import MarqueeWire
import NIOCore
import NIOHTTP1
import Testing

/// "Sign in with Google" in the web app: the authorization-code flow with PKCE and a state check, against a local
/// issuer playing Google's authorization and token endpoints, over real HTTP.
@Suite("Web: Sign in with Google")
struct GoogleWebSignInTests {

    /// One browser's cookies.
    struct Jar {
        var cookies: [String: String] = [:]

        /// The last `Set-Cookie` seen, attributes included.
        var lastSetCookie = ""

        /// Keeps the response's cookies (a `Max-Age=0` one is removed).
        mutating func absorb(_ response: TestResponse) {
            for header in response.headers[values: .setCookie] {
                lastSetCookie = header
                let pair = header.split(separator: ";").first.map(String.init) ?? ""
                if header.contains("Max-Age=0") { cookies[String(pair.prefix { $0 != "=" })] = nil } else { keep(pair) }
            }
        }

        /// Keeps one `name=value` cookie.
        mutating func keep(_ pair: String) {
            guard let equals = pair.firstIndex(of: "=") else { return }
            cookies[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }

        /// Request headers for a page, with the cookies.
        var headers: HTTPFields {
            var fields: HTTPFields = [.accept: "text/html"]
            if !cookies.isEmpty {
                fields[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")
            }
            return fields
        }
    }

    /// Runs `body` with Marquee configured for the fake issuer (with a client secret unless `secret` is false).
    func withGoogleWeb(
        clock: TestClock = TestClock(), secret: Bool = true,
        _ body: @Sendable (AccountHarness, FakeOpenIDIssuer, HTTPClient) async throws -> Void
    ) async throws {
        let issuer = try await FakeOpenIDIssuer()
        let browser = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        do {
            try await issuer.serve { endpoints in
                var settings = [
                    "google.clientID": FakeOpenIDIssuer.clientID, "google.issuer": FakeOpenIDIssuer.issuer,
                    "google.jwksURL": endpoints.jwks, "google.authorizationURL": endpoints.authorization,
                    "google.tokenURL": endpoints.token,
                ]
                if secret { settings["google.clientSecret"] = FakeOpenIDIssuer.clientSecret }
                try await H.run(settings, clock: clock) { h in try await body(h, issuer, browser) }
            }
        } catch {
            try await browser.shutdown()
            throw error
        }
        try await browser.shutdown()
    }

    /// `/auth/google`: the address Marquee sends the browser to.
    func start(_ h: H, _ jar: inout Jar, next: String = "/favorites") async throws -> URLComponents {
        let start = try await h.client.send(
            "/auth/google?next=\(next.queryValueEncoded)", method: .get, headers: jar.headers)
        #expect(start.status == .seeOther, "\(start.text)")
        jar.absorb(start)
        return try #require(start.headers[.location].flatMap { URLComponents(string: $0) })
    }

    /// The issuer's answer: the callback's path and query on Marquee.
    func authorize(_ location: URLComponents, browser: HTTPClient) async throws -> String {
        let url = try #require(location.string)
        let answer = try await browser.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
        #expect(answer.status == .found)
        let back = try #require(answer.headers.first(name: "location").flatMap { URLComponents(string: $0) })
        return back.percentEncodedPath + "?" + (back.percentEncodedQuery ?? "")
    }

    /// Opens the callback in the browser.
    func finish(_ h: H, _ jar: inout Jar, _ callback: String) async throws -> TestResponse {
        let response = try await h.client.send(callback, method: .get, headers: jar.headers)
        jar.absorb(response)
        return response
    }

    func me(_ h: H, _ jar: Jar) async throws -> Account {
        try await h.client.send("/api/v1/me", method: .get, headers: jar.headers).decode(Account.self)
    }

    @Test(
        "The button leads to Google with PKCE and a state; the callback signs in with a session cookie and opens next")
    func signsIn() async throws {
        let clock = TestClock()
        try await withGoogleWeb(clock: clock) { h, issuer, browser in
            var jar = Jar()
            let page = try await h.client.send("/signin?next=%2Ffavorites", method: .get, headers: jar.headers)
            #expect(page.text.contains(#"href="/auth/google?next=%2Ffavorites""#))

            let email = H.address("web-google")
            issuer.setConsent(.approve(sub: "g-web-1", email: email), now: clock.now)
            let location = try await start(h, &jar)
            let query = Dictionary(uniqueKeysWithValues: (location.queryItems ?? []).map { ($0.name, $0.value ?? "") })
            #expect(query["client_id"] == FakeOpenIDIssuer.clientID)
            #expect(query["response_type"] == "code" && query["code_challenge_method"] == "S256")
            #expect(query["redirect_uri"]?.hasSuffix("/auth/google/callback") == true)
            #expect(query["scope"]?.split(separator: " ").contains("openid") == true)
            #expect(query["code_challenge"]?.count == 43 && query["state"]?.count == 32)
            #expect(jar.cookies["marquee_oauth"]?.hasPrefix(query["state"] ?? "-") == true)
            #expect(
                jar.lastSetCookie.contains("Path=/auth/google; Max-Age=600; HttpOnly; SameSite=Lax"),
                "\(jar.lastSetCookie)")
            #expect(
                query["code_challenge"].map { !(jar.cookies["marquee_oauth"] ?? "").contains($0) } == true,
                "the verifier stays in the browser; only its hash goes to Google")

            let done = try await finish(h, &jar, try await authorize(location, browser: browser))
            #expect(done.status == .seeOther, "\(done.text)")
            #expect(done.headers[.location] == "/favorites")
            #expect(jar.cookies["marquee_oauth"] == nil, "the attempt is used up")
            let setCookies = done.headers[values: .setCookie].joined(separator: "\n")
            #expect(setCookies.contains("marquee_session=") && setCookies.contains("HttpOnly"))
            let me = try await me(h, jar)
            #expect(me.signInMethod == "Google" && me.email == email)

            // Signed in, the sign-in page and the Google button send them on, leaving no attempt behind.
            let again = try await h.client.send("/signin?next=%2Fwatchlist", method: .get, headers: jar.headers)
            #expect(again.status == .seeOther && again.headers[.location] == "/watchlist")
            let member = try await h.client.send("/auth/google?next=%2Fwatchlist", method: .get, headers: jar.headers)
            #expect(member.headers[.location] == "/watchlist" && member.headers[.setCookie] == nil)
        }
    }

    @Test("A guest who continues with Google keeps the same account and what they saved")
    func guestKeepsFavourites() async throws {
        let clock = TestClock()
        try await withGoogleWeb(clock: clock) { h, issuer, browser in
            let guest = try await BrowserSession.guest(h.client)
            let saved = try await guest.send(
                h.client, "/api/v1/me/items/favorites/movie/603", .put, #"{"snapshot":{"title":"The Matrix"}}"#)
            #expect(saved.status == .created, "\(saved.text)")
            var jar = Jar()
            jar.keep(guest.cookie)
            let before = try await me(h, jar)
            #expect(before.accountType == "guest")

            let account = try await h.client.send("/account", method: .get, headers: jar.headers)
            #expect(account.text.contains(#"href="/auth/google?next=%2Faccount""#))

            issuer.setConsent(.approve(sub: "g-web-2", email: H.address("guest-google")), now: clock.now)
            let done = try await finish(
                h, &jar, try await authorize(try await start(h, &jar, next: "/account"), browser: browser))
            #expect(done.headers[.location] == "/account")
            let after = try await me(h, jar)
            #expect(after.id == before.id)
            #expect(after.signInMethod == "Google")
            let items = try await h.client.send("/api/v1/me/items?list=favorites", method: .get, headers: jar.headers)
                .decode(ItemPage.self)
            #expect(items.results.map(\.id) == ["603"])
        }
    }

    @Test(
        "Refused: a callback without this browser's attempt, a wrong state, a declined consent, a replayed code, a forged verifier; next stays on the site"
    )
    func refusals() async throws {
        let clock = TestClock()
        try await withGoogleWeb(clock: clock) { h, issuer, browser in
            issuer.setConsent(.approve(sub: "g-web-3", email: H.address("refusals")), now: clock.now)

            // Another browser (no attempt cookie) opening someone's callback.
            var victim = Jar()
            let stolen = try await authorize(try await start(h, &victim), browser: browser)
            var stranger = Jar()
            let noAttempt = try await finish(h, &stranger, stolen)
            #expect(noAttempt.status == .badRequest)
            #expect(noAttempt.text.contains("auth.oauth_state_invalid") && noAttempt.text.contains(#"href="/signin""#))

            // The right browser, but a state that is not its own.
            let forgedState = stolen.replacing(/state=[0-9a-f]+/, with: "state=\(String(repeating: "0", count: 32))")
            var withAttempt = victim
            #expect(try await finish(h, &withAttempt, forgedState).text.contains("auth.oauth_state_invalid"))

            // The code is good once; replaying it with the same attempt is refused by the token endpoint.
            var first = victim
            #expect(try await finish(h, &first, stolen).status == .seeOther)
            var replay = victim
            let replayed = try await finish(h, &replay, stolen)
            #expect(
                replayed.status == .badRequest && replayed.text.contains("auth.oauth_code_rejected"), "\(replayed.text)"
            )

            // An attempt cookie whose verifier is not the one the challenge was made from.
            var forged = Jar()
            let location = try await start(h, &forged)
            let parts = try #require(forged.cookies["marquee_oauth"]).split(separator: ".").map(String.init)
            forged.cookies["marquee_oauth"] = [parts[0], String(repeating: "A", count: 43), parts[2]].joined(
                separator: ".")
            let wrongVerifier = try await finish(h, &forged, try await authorize(location, browser: browser))
            #expect(wrongVerifier.text.contains("auth.oauth_code_rejected"))
            #expect(forged.cookies["marquee_oauth"] == nil, "a failed attempt is cleared too")

            // Declined at Google.
            issuer.setConsent(.decline, now: clock.now)
            var declining = Jar()
            let declined = try await finish(
                h, &declining, try await authorize(try await start(h, &declining), browser: browser))
            #expect(declined.status == .badRequest && declined.text.contains("auth.oauth_cancelled"))
            #expect(declining.cookies["marquee_session"] == nil)

            // `next` leading off the site ends on the home page instead.
            issuer.setConsent(.approve(sub: "g-web-4", email: H.address("next")), now: clock.now)
            var offsite = Jar()
            let away = try await finish(
                h, &offsite,
                try await authorize(try await start(h, &offsite, next: "//evil.example/x"), browser: browser))
            #expect(away.headers[.location] == "/")
        }
    }

    @Test("Without a client secret the web app offers no Google button and /auth/google is not found")
    func needsSecret() async throws {
        try await withGoogleWeb(secret: false) { h, _, _ in
            let page = try await h.client.send("/signin", method: .get, headers: [.accept: "text/html"])
            #expect(!page.text.contains("/auth/google"))
            let start = try await h.client.send("/auth/google", method: .get, headers: [.accept: "text/html"])
            #expect(start.status == .notFound && start.text.contains("auth.provider_not_configured"))
        }
    }
}
