import Foundation
import HTTPTypes
import MarqueeCore
import MarqueeWire
import Testing

/// Google sign-in against a local OpenID issuer that signs with real RS256 keys and publishes them as a JWKS.
@Suite("Accounts: Google sign-in")
struct GoogleSignInTests {

    /// Runs `body` with Marquee configured for the fake issuer.
    func withGoogle(
        clock: TestClock = TestClock(), _ body: @Sendable (AccountHarness, FakeOpenIDIssuer) async throws -> Void
    ) async throws {
        let issuer = try await FakeOpenIDIssuer()
        try await issuer.run { jwksURL in
            try await H.run(
                [
                    "google.clientID": FakeOpenIDIssuer.clientID, "google.issuer": FakeOpenIDIssuer.issuer,
                    "google.jwksURL": jwksURL,
                ],
                clock: clock
            ) { h in try await body(h, issuer) }
        }
    }

    @Test(
        "The provider's name becomes the display name only within the rule: cut to 50 code points, none with a control character"
    )
    func providedNames() async throws {
        let clock = TestClock()
        try await withGoogle(clock: clock) { h, issuer in
            for (sub, name, expected) in [
                (
                    "g-2001", "A" + String(repeating: "\u{301}", count: 5_000),
                    "A" + String(repeating: "\u{301}", count: 49)
                ),
                ("g-2002", "Bell\u{7}Ringer", nil),
            ] {
                var claims = issuer.claims(sub: sub, email: H.address(sub), now: clock.now)
                claims.name = name
                let signedIn = try await h.call("/api/v1/auth/google", ["id_token": try await issuer.token(claims)])
                let me = try await h.me(try H.Session(signedIn))
                #expect(me.profile.displayName == expected, "\(sub)")
            }
        }
    }

    @Test("A first Google sign-in creates the account; the next finds it; the JWKS is fetched once and cached")
    func createsThenFinds() async throws {
        let clock = TestClock()
        try await withGoogle(clock: clock) { h, issuer in
            let email = H.address("gia")
            let token = try await issuer.token(issuer.claims(sub: "g-1001", email: email.uppercased(), now: clock.now))
            let first = try await h.call("/api/v1/auth/google", ["id_token": token])
            #expect(first.status == .ok, "\(first.text)")
            let session = try H.Session(first)
            let me = try await h.me(session)
            #expect(me.signInMethod == "Google")
            #expect(me.accountType == "google")
            #expect(me.email == email && me.emailVerified)
            #expect(me.profile.displayName == "Test Person")

            let again = try await h.call("/api/v1/auth/google", ["id_token": token])
            #expect(try H.Session(again).userID == session.userID)
            #expect(issuer.fetches == 1)
        }
    }

    @Test("Wrong audience, wrong issuer, expired, unverified email, forged signature and garbage are refused")
    func refusals() async throws {
        let clock = TestClock()
        try await withGoogle(clock: clock) { h, issuer in
            let good = issuer.claims(sub: "g-2002", email: H.address(), now: clock.now)
            var wrongAudience = good
            wrongAudience.aud = "someone-else.apps.example"
            var wrongIssuer = good
            wrongIssuer.iss = "https://evil.example"
            var expired = good
            expired.exp = clock.now.addingTimeInterval(-1)
            var unverified = good
            unverified.email_verified = false
            let tokens = [
                try await issuer.token(wrongAudience), try await issuer.token(wrongIssuer),
                try await issuer.token(expired),
                try await issuer.token(unverified), try await issuer.token(good, foreignKey: true), "not-a-token",
                try await issuer.token(good) + "x",
            ]
            for token in tokens {
                let response = try await h.call("/api/v1/auth/google", ["id_token": token])
                #expect(response.status == .unauthorized)
                #expect(try response.errorCode() == "auth.invalid_id_token")
            }
        }
    }

    @Test("A rotated key is picked up by fetching the JWKS again")
    func keyRotation() async throws {
        let clock = TestClock()
        try await withGoogle(clock: clock) { h, issuer in
            let first = try await issuer.token(issuer.claims(sub: "g-3003", email: H.address(), now: clock.now))
            #expect(try await h.call("/api/v1/auth/google", ["id_token": first]).status == .ok)
            try await issuer.rotate(kid: "key-2")
            clock.advance(by: 60)
            let rotated = try await issuer.token(
                issuer.claims(sub: "g-3003", email: H.address(), now: clock.now), kid: "key-2")
            let response = try await h.call("/api/v1/auth/google", ["id_token": rotated])
            #expect(response.status == .ok, "\(response.text)")
            #expect(issuer.fetches == 2)
        }
    }

    @Test("Google links to the email account with its address; a never-confirmed account is taken over")
    func linking() async throws {
        let clock = TestClock()
        try await withGoogle(clock: clock) { h, issuer in
            let verifiedEmail = H.address("verified")
            let member = try await h.signUpVerifyAndSignIn(verifiedEmail)
            let linked = try await h.call(
                "/api/v1/auth/google",
                ["id_token": try await issuer.token(issuer.claims(sub: "g-4004", email: verifiedEmail, now: clock.now))]
            )
            #expect(try H.Session(linked).userID == member.userID)
            // The owner is told, and the account page shows both ways in.
            let notice = try await h.mailbox.message(to: verifiedEmail, subject: "Google sign-in was added")
            #expect(notice.text.contains("sign out everywhere"))
            let browser = try await h.call(
                "/api/v1/auth/signin", ["email": verifiedEmail, "password": H.password, "session": "cookie"])
            let cookie = try #require(browser.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let page = try await h.call("/account", method: .get, headers: [.cookie: cookie])
            #expect(page.text.contains("Password and Google (\(verifiedEmail))"))

            // Someone created an account for this address but never confirmed it: Google proves the mailbox, so the
            // pending password no longer works and its link is withdrawn.
            let pendingEmail = H.address("pending")
            _ = try await h.call("/api/v1/auth/signup", ["email": pendingEmail, "password": H.password])
            let staleLink = try await h.mailbox.message(to: pendingEmail, subject: "Confirm").token(path: "/verify")
            let pending = try await h.call(
                "/api/v1/auth/google",
                ["id_token": try await issuer.token(issuer.claims(sub: "g-5005", email: pendingEmail, now: clock.now))])
            #expect(pending.status == .ok, "\(pending.text)")
            #expect(
                try await h.call("/api/v1/auth/signin", ["email": pendingEmail, "password": H.password]).errorCode()
                    == "auth.invalid_credentials")
            let stale = try await h.call("/api/v1/auth/verify", ["token": staleLink])
            #expect(try stale.decode(StatusMessage.self).status == "already_verified")

            let other = try await h.call(
                "/api/v1/auth/google",
                ["id_token": try await issuer.token(issuer.claims(sub: "g-9999", email: verifiedEmail, now: clock.now))]
            )
            #expect(try other.errorCode() == "auth.account_exists")
        }
    }

    @Test("A guest upgrades with Google in place: same id, signed in as Google")
    func guestUpgrade() async throws {
        let clock = TestClock()
        try await withGoogle(clock: clock) { h, issuer in
            let guest = try H.Session(try await h.call("/api/v1/auth/guest"))
            _ = try await h.call("/api/v1/me", ["display_name": "Kit"], method: .patch, bearer: guest.accessToken)
            let token = try await issuer.token(issuer.claims(sub: "g-6006", email: H.address(), now: clock.now))
            let upgraded = try await h.call("/api/v1/auth/upgrade", ["id_token": token], bearer: guest.accessToken)
            #expect(upgraded.status == .ok, "\(upgraded.text)")
            let session = try H.Session(upgraded)
            #expect(session.userID == guest.userID)
            let me = try await h.me(session)
            #expect(me.signInMethod == "Google")
            #expect(me.profile.displayName == "Kit")
        }
    }
}
