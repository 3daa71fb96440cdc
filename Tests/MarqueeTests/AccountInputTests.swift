import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeCore
import MarqueeWire
import NIOCore
import Testing

/// Bad input, throttling, and the web app's cookie sessions with CSRF protection.
@Suite("Accounts: bad input, throttling, cookies and CSRF")
struct AccountInputTests {

    @Test("Malformed bodies get a 4xx with a stable code, never a 500")
    func badBodies() async throws {
        try await H.run { h in
            let json: HTTPFields = [.contentType: "application/json"]
            let cases: [(String, HTTPFields, String, String)] = [
                ("/api/v1/auth/signup", json, #"{"email": 5, "password": "Correct-Horse-7"}"#, "request.invalid_body"),
                ("/api/v1/auth/signup", json, #"{"email": "a@b.com"}"#, "request.invalid_body"),
                (
                    "/api/v1/auth/signup", json, #"{"email": "a@b.com", "password": "Correct-Horse-7", "admin": true}"#,
                    "request.unknown_field"
                ),
                ("/api/v1/auth/signup", json, #"["a@b.com"]"#, "request.invalid_body"),
                ("/api/v1/auth/signup", json, #"{"email": "a@b.com", "#, "request.invalid_body"),
                (
                    "/api/v1/auth/signup", [.contentType: "text/plain"],
                    #"{"email": "a@b.com", "password": "Correct-Horse-7"}"#, "request.unsupported_media_type"
                ),
                (
                    "/api/v1/auth/signup", json, #"{"email": "not an address", "password": "Correct-Horse-7"}"#,
                    "auth.invalid_email"
                ),
                ("/api/v1/auth/signup", json, #"{"email": "a@b.com", "password": "short"}"#, "auth.weak_password"),
                (
                    "/api/v1/auth/signup", json, #"{"email": "a@b.com", "password": "Password123"}"#,
                    "auth.weak_password"
                ),
                (
                    "/api/v1/auth/signin", json, #"{"email": "a@b.com", "password": "x", "session": "jar"}"#,
                    "request.invalid_body"
                ),
                ("/api/v1/auth/verify", json, #"{"token": ""}"#, "auth.link_invalid"),
                ("/api/v1/auth/refresh", json, #"{"refresh_token": "made-up"}"#, "auth.invalid_token"),
                ("/api/v1/auth/google", json, #"{"id_token": "x"}"#, "auth.provider_not_configured"),
            ]
            for (path, headers, body, code) in cases {
                let response = try await h.client.send(path, method: .post, body: body, headers: headers)
                #expect(try response.errorCode() == code, "\(path) \(body)")
                #expect(response.status.code < 500)
            }
            var badUTF8 = ByteBuffer(string: #"{"email": "a"#)
            badUTF8.writeBytes([0xff, 0xfe])
            badUTF8.writeString(#"@b.com", "password": "Correct-Horse-7"}"#)
            let invalid = try await h.client.execute(
                uri: "/api/v1/auth/signup", method: .post, headers: json, body: badUTF8
            ) {
                TestResponse(status: $0.status, headers: $0.headers, body: $0.body)
            }
            #expect(try invalid.errorCode() == "request.invalid_body")
            let huge = #"{"email": "a@b.com", "password": ""# + String(repeating: "x", count: 200_000) + #""}"#
            let tooLarge = try await h.client.send("/api/v1/auth/signup", method: .post, body: huge, headers: json)
            #expect(tooLarge.status == .contentTooLarge)
        }
    }

    @Test("Requests that need a sign-in say so; malformed, forged and foreign tokens are refused")
    func badCredentials() async throws {
        try await H.run { h in
            #expect(try await h.call("/api/v1/me", method: .get).errorCode() == "auth.required")
            #expect(try await h.call("/api/v1/auth/signout").errorCode() == "auth.required")
            let basic = try await h.call("/api/v1/me", method: .get, headers: [.authorization: "Basic YTpi"])
            #expect(try basic.errorCode() == "auth.invalid_token")
            let forged = try await h.call("/api/v1/me", method: .get, bearer: "eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl")
            #expect(try forged.errorCode() == "auth.invalid_token")
            let other = try await h.call(
                "/api/v1/me", method: .get, headers: [.cookie: "marquee_session=not-a-session"])
            #expect(try other.errorCode() == "auth.session_ended")
        }
    }

    @Test("null is not taken for a field left out: the guest's session, sign-out's everywhere, deletion's password")
    func nulls() async throws {
        try await H.run { h in
            #expect(try await h.call("/api/v1/auth/guest", ["session": NSNull()]).errorCode() == "request.invalid_body")
            let guest = try await h.guest()
            let out = try await h.call("/api/v1/auth/signout", ["everywhere": NSNull()], bearer: guest.accessToken)
            #expect(try out.errorCode() == "request.invalid_body")
            let delete = try await h.call(
                "/api/v1/me", ["password": NSNull()], method: .delete, bearer: guest.accessToken)
            #expect(try delete.errorCode() == "request.invalid_body")
            #expect(try await h.call("/api/v1/me", method: .get, bearer: guest.accessToken).status == .ok)
        }
    }

    @Test(
        "Ten failed sign-ins in a minute → 429 with Retry-After, per account and per address; a minute later it clears")
    func throttling() async throws {
        let clock = TestClock()
        try await H.run(["authThrottleLimit": "10"], clock: clock) { h in
            let email = H.address()
            _ = try await h.signUpVerifyAndSignIn(email)
            for _ in 0..<10 {
                let wrong = try await h.call("/api/v1/auth/signin", ["email": email, "password": "Wrong-Pass-1"])
                #expect(try wrong.errorCode() == "auth.invalid_credentials")
            }
            let asked = ContinuousClock.now
            let blocked = try await h.call("/api/v1/auth/signin", ["email": email, "password": H.password])
            // A refusal is held back for a second (ServerTuning.refusalDelay): at least that, however fast the machine.
            #expect(ContinuousClock.now - asked >= .seconds(1))
            #expect(blocked.status == .tooManyRequests)
            #expect(try blocked.errorCode() == "auth.too_many_attempts")
            let retryAfter = try #require(blocked.headers[.retryAfter].flatMap { Int($0) })
            #expect((1...60).contains(retryAfter))
            // The client address is blocked too, for other accounts.
            let otherAccount = try await h.call(
                "/api/v1/auth/signin", ["email": H.address(), "password": "Wrong-Pass-1"])
            #expect(try otherAccount.errorCode() == "auth.too_many_attempts")
            clock.advance(by: 61)
            _ = try await h.signIn(email)
            // Right passwords are given back, but every check still counts against the address, six times as
            // many as failures: each costs a quarter of a second of a core.
            for _ in 0..<59 { _ = try await h.signIn(email) }
            let busyAddress = try await h.call("/api/v1/auth/signin", ["email": email, "password": H.password])
            #expect(try busyAddress.errorCode() == "auth.too_many_attempts")
            clock.advance(by: 61)

            for _ in 0..<10 { _ = try await h.call("/api/v1/auth/password/reset", ["email": email]) }
            let resetBlocked = try await h.call("/api/v1/auth/password/reset", ["email": email])
            #expect(try resetBlocked.errorCode() == "auth.too_many_attempts")
        }
    }

    static func guest(_ h: H, from forwarded: String) async throws -> Int {
        let response = try await h.call("/api/v1/auth/guest", headers: [HTTPField.Name("X-Forwarded-For")!: forwarded])
        return response.status.code
    }

    @Test("Behind a trusted proxy the forwarded client is throttled, not the proxy; otherwise the header is ignored")
    func forwardedClients() async throws {
        try await H.run(["authThrottleLimit": "3", "trustedProxies": "127.0.0.1, ::1"]) { h async throws in
            for _ in 0..<3 { #expect(try await Self.guest(h, from: "10.0.0.1") == 201) }
            #expect(try await Self.guest(h, from: "10.0.0.1") == 429)
            #expect(try await Self.guest(h, from: "10.0.0.2") == 201)
            // Addresses left of the proxy's own entry are the client's to invent; a port or another spelling of the
            // same address is the same client.
            #expect(try await Self.guest(h, from: "10.0.0.77, 10.0.0.1") == 429)
            #expect(try await Self.guest(h, from: "10.0.0.1:4567") == 429)
            #expect(try await Self.guest(h, from: "::ffff:10.0.0.1") == 429)
            // Another trusted proxy in the chain is skipped, not taken for the client.
            #expect(try await Self.guest(h, from: "10.0.0.1, ::1") == 429)
            // An entry that is not an address ends the search: the request counts against the proxy itself.
            for _ in 0..<3 { #expect(try await Self.guest(h, from: "10.0.0.50, not-an-address") == 201) }
            #expect(try await Self.guest(h, from: "10.0.0.51, not-an-address") == 429)
            #expect(try await Self.guest(h, from: "10.0.0.3") == 201)
            // An IPv6 client may pick any address in its /64, so the /64 is the client.
            for n in 1...3 { #expect(try await Self.guest(h, from: "2001:db8:5:6::\(n)") == 201) }
            #expect(try await Self.guest(h, from: "[2001:db8:5:6:ffff:1:2:3]:443") == 429)
            #expect(try await Self.guest(h, from: "2001:db8:5:7::1") == 201)
        }
        // Proxies are configured, but this peer is not one of them: its header is ignored.
        try await H.run(["authThrottleLimit": "3", "trustedProxies": "10.9.9.9"]) { h async throws in
            for n in 0..<3 { #expect(try await Self.guest(h, from: "10.0.2.\(n)") == 201) }
            #expect(try await Self.guest(h, from: "10.0.2.9") == 429)
        }
        try await H.run(["authThrottleLimit": "3"]) { h async throws in
            for n in 0..<3 { #expect(try await Self.guest(h, from: "10.0.1.\(n)") == 201) }
            #expect(try await Self.guest(h, from: "10.0.1.9") == 429)
        }
    }

    @Test("Web sessions: an HttpOnly SameSite=Lax cookie; changes need the CSRF token and this origin")
    func cookiesAndCSRF() async throws {
        try await H.run { h in
            let email = H.address()
            _ = try await h.signUpVerifyAndSignIn(email)
            let signIn = try await h.call(
                "/api/v1/auth/signin", ["email": email, "password": H.password, "session": "cookie"])
            #expect(signIn.status == .ok)
            let setCookie = try #require(signIn.headers[.setCookie])
            #expect(
                setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax") && !setCookie.contains("Secure"))
            let body = try signIn.decode(MarqueeWire.Session.self)
            #expect(body.accessToken == nil && body.refreshToken == nil)
            let csrf = try #require(body.csrfToken)
            let cookie = try #require(setCookie.split(separator: ";").first.map(String.init))

            let me = try await h.call("/api/v1/me", method: .get, headers: [.cookie: cookie])
            #expect(me.status == .ok)
            #expect(try me.decode(Account.self).csrfToken == csrf)

            let noToken = try await h.call("/api/v1/me", ["region": "FR"], method: .patch, headers: [.cookie: cookie])
            #expect(noToken.status == .forbidden)
            #expect(try noToken.errorCode() == "auth.csrf_failed")
            let wrongToken = try await h.call(
                "/api/v1/me", ["region": "FR"], method: .patch, headers: [.cookie: cookie, .csrfToken: csrf + "x"])
            #expect(try wrongToken.errorCode() == "auth.csrf_failed")
            let foreign = try await h.call(
                "/api/v1/me", ["region": "FR"], method: .patch,
                headers: [.cookie: cookie, .csrfToken: csrf, .origin: "https://evil.example"])
            #expect(try foreign.errorCode() == "auth.csrf_failed")
            let good = try await h.call(
                "/api/v1/me", ["region": "FR"], method: .patch,
                headers: [.cookie: cookie, .csrfToken: csrf, .origin: "http://marquee.test"])
            #expect(good.status == .ok, "\(good.text)")

            let out = try await h.call(
                "/api/v1/auth/signout", method: .post, headers: [.cookie: cookie, .csrfToken: csrf])
            #expect(out.status == .ok)
            #expect(out.headers[values: .setCookie].count == 2)
            #expect(out.headers[values: .setCookie].allSatisfy { $0.contains("Max-Age=0") })
            #expect(
                try await h.call("/api/v1/me", method: .get, headers: [.cookie: cookie]).errorCode()
                    == "auth.session_ended")
        }
    }

    @Test(
        "A web session's cookies: the session, and a readable one naming the account; pages renew both while the session lasts and remove both once it has ended"
    )
    func sessionCookiesFollowTheSession() async throws {
        try await H.run { h in
            let email = H.address()
            _ = try await h.signUpVerifyAndSignIn(email)
            let signIn = try await h.call(
                "/api/v1/auth/signin", ["email": email, "password": H.password, "session": "cookie"])
            let set = signIn.headers[values: .setCookie]
            let cookie = try #require(set.first?.split(separator: ";").first.map(String.init))
            let csrf = try #require(try signIn.decode(MarqueeWire.Session.self).csrfToken)
            let id = try await h.call("/api/v1/me", method: .get, headers: [.cookie: cookie]).decode(Account.self).id
            #expect(set.count == 2 && set[0].hasPrefix("marquee_session=") && set[0].contains("HttpOnly"))
            #expect(set[1] == "marquee_account=\(id); Path=/; Max-Age=2592000; SameSite=Lax", "scripts may read it")

            // Every page renews both: the session's expiry slides with use, and so must the cookies'.
            let page = try await h.client.send("/movies", method: .get, headers: [.cookie: cookie])
            #expect(page.status == .ok)
            #expect(page.headers[values: .setCookie] == [set[0], set[1]])
            let apiCall = try await h.call("/api/v1/me", method: .get, headers: [.cookie: cookie])
            #expect(apiCall.headers[values: .setCookie].isEmpty, "only pages renew them")

            // Signed out elsewhere (every device): the next page drawn with the old cookie removes both.
            _ = try await h.call(
                "/api/v1/auth/signout", ["everywhere": true], method: .post,
                headers: [.cookie: cookie, .csrfToken: csrf])
            let after = try await h.client.send("/movies", method: .get, headers: [.cookie: cookie])
            #expect(after.status == .ok)
            #expect(
                after.headers[values: .setCookie].map { $0.prefix(while: { $0 != ";" }) } == [
                    "marquee_session=", "marquee_account=",
                ])
            #expect(after.headers[values: .setCookie].allSatisfy { $0.contains("Max-Age=0") })
            let anonymous = try await h.client.send("/movies", method: .get)
            #expect(anonymous.headers[values: .setCookie].isEmpty)
        }
    }

    @Test("Over https the cookie is Secure")
    func secureCookie() async throws {
        try await H.run(["publicURL": "https://marquee.example"]) { h in
            let guest = try await h.call("/api/v1/auth/guest", ["session": "cookie"])
            #expect(guest.status == .created)
            #expect(guest.headers[.setCookie]?.contains("; Secure") == true)
            // So are the web's other cookies: a mailed link's form token and a Google sign-in in progress.
            let reset = try await h.client.send("/reset", method: .get)
            #expect(
                reset.headers[.setCookie]?.hasSuffix("HttpOnly; SameSite=Strict; Secure") == true, "\(reset.headers)")
        }
    }
}

extension HTTPField.Name {
    static let csrfToken = Self("X-CSRF-Token")!
}
