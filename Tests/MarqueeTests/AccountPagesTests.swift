import Foundation
import HTTPTypes
import MarqueeCore
import Testing

/// The pages mailed links open, used the way a browser does: GET shows a form, POST (form-encoded) acts.
@Suite("Accounts: the pages mailed links open")
struct AccountPagesTests {
    let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    /// The page a redirect sends the browser to.
    func followed(_ response: TestResponse, _ h: H) async throws -> TestResponse {
        let location = try #require(response.headers[.location])
        return try await h.client.get(location)
    }

    /// A page's form token and the headers that submit with it (form encoding and the token's cookie).
    func formSession(_ page: TestResponse) throws -> (token: String, headers: HTTPFields) {
        let cookie = try #require(page.headers[.setCookie]?.split(separator: ";").first.map(String.init))
        #expect(page.headers[.setCookie]?.contains("SameSite=Strict") == true)
        let marker = #"name="csrf_token" value=""#
        let start = try #require(page.text.range(of: marker)?.upperBound)
        let token = String(page.text[start...].prefix { $0 != "\"" })
        return (token, [.contentType: "application/x-www-form-urlencoded", .cookie: cookie])
    }

    @Test("Opening a verification link shows a button (mail scanners can't use it up); pressing it verifies")
    func verifyPage() async throws {
        try await H.run { h in
            let email = H.address()
            _ = try await h.call("/api/v1/auth/signup", ["email": email, "password": H.password])
            let token = try await h.mailbox.message(to: email, subject: "Confirm").token(path: "/verify")
            let page = try await h.client.get("/verify?token=\(token)")
            #expect(page.status == .ok && page.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(page.text.contains(#"method="post" action="/verify">"#) && page.text.contains(token))
            #expect(
                try await h.call("/api/v1/auth/signin", ["email": email, "password": H.password]).errorCode()
                    == "auth.email_not_verified")

            let noCookie = try await h.client.send("/verify", method: .post, body: "token=\(token)", headers: form)
            #expect(noCookie.status == .forbidden && noCookie.text.contains("auth.csrf_failed"))
            let (csrf, headers) = try formSession(page)
            let forged = try await h.client.send(
                "/verify", method: .post, body: "token=\(token)&csrf_token=\(FormGuardProbe.other(csrf))",
                headers: headers)
            #expect(forged.status == .forbidden)
            // A sibling subdomain can set this site's cookie, but cannot make a token this server signed.
            let planted = "planted-by-a-sibling-site.1234"
            let plantedHeaders: HTTPFields = [
                .contentType: "application/x-www-form-urlencoded", .cookie: "marquee_form=\(planted)",
            ]
            let withPlanted = try await h.client.send(
                "/verify", method: .post, body: "token=\(token)&csrf_token=\(planted)", headers: plantedHeaders)
            #expect(withPlanted.status == .forbidden)
            // Nor may a form be sent from another site.
            var foreign = headers
            foreign[.origin] = "https://evil.example"
            let fromElsewhere = try await h.client.send(
                "/verify", method: .post, body: "token=\(token)&csrf_token=\(csrf)", headers: foreign)
            #expect(fromElsewhere.status == .forbidden)
            let done = try await h.client.send(
                "/verify", method: .post, body: "token=\(token)&csrf_token=\(csrf)", headers: headers)
            // Post/redirect/get: the outcome is a page of its own, so reloading it sends nothing again.
            #expect(done.status == .seeOther && done.headers[.location] == "/verify?done=verified")
            #expect(try await followed(done, h).text.contains("is confirmed"))
            let again = try await h.client.send(
                "/verify", method: .post, body: "token=\(token)&csrf_token=\(csrf)", headers: headers)
            #expect(try await followed(again, h).text.contains("already confirmed"))
            _ = try await h.signIn(email)

            let bad = try await h.client.send(
                "/verify", method: .post, body: "token=nope&csrf_token=\(csrf)", headers: headers)
            #expect(bad.status == .badRequest && bad.text.contains("auth.link_invalid"))
            let hostile = try await h.client.get("/verify?token=%3Cscript%3Ealert(1)%3C/script%3E")
            #expect(!hostile.text.contains("<script>") && hostile.text.contains("&lt;script&gt;"))
            #expect(try await h.client.get("/email/confirm").status == .badRequest)
        }
    }

    @Test(
        "Without scripts the sign-in and sign-up forms post (never a GET with the password in the address): refused with the reason and the address kept, or signed in and sent on"
    )
    func formsWithoutScripts() async throws {
        try await H.run { h in
            let email = H.address()
            let signUpPage = try await h.client.get("/signup?next=/watchlist")
            #expect(signUpPage.text.contains(#"method="post" action="/signup""#))
            var (csrf, headers) = try formSession(signUpPage)
            let weak = try await h.client.send(
                "/signup", method: .post, body: "email=\(email.queryValueEncoded)&password=short&csrf_token=\(csrf)",
                headers: headers)
            #expect(weak.status == .badRequest && weak.text.contains("The password needs"))
            // Escapes that are no escapes, or not UTF-8: refused with a reason (the form's, or that it could not be
            // read), never a 500.
            for body in ["email=%ZZ&csrf_token=\(csrf)", "email=%FF%FE&csrf_token=\(csrf)", "%=&csrf_token=\(csrf)"] {
                let unreadable = try await h.client.send("/signup", method: .post, body: body, headers: headers)
                #expect(unreadable.status == .badRequest, "\(body)")
            }
            #expect(weak.text.contains(#"value="\#(email)""#), "the address typed is kept")
            (csrf, headers) = try formSession(weak)
            let made = try await h.client.send(
                "/signup", method: .post,
                body: "email=\(email.queryValueEncoded)&password=\(H.password)&next=/watchlist&csrf_token=\(csrf)",
                headers: headers)
            #expect(made.status == .ok && made.text.contains(#"id="signup-done""#) && !made.text.contains("<form"))
            let token = try await h.mailbox.message(to: email, subject: "Confirm").token(path: "/verify")
            #expect(try await h.call("/api/v1/auth/verify", ["token": token]).status == .ok)

            let signInPage = try await h.client.get("/signin?next=/watchlist")
            #expect(
                signInPage.text.contains(#"method="post" action="/signin""#)
                    && signInPage.text.contains(#"name="next" value="/watchlist""#))
            (csrf, headers) = try formSession(signInPage)
            let forged = try await h.client.send(
                "/signin", method: .post, body: "email=\(email.queryValueEncoded)&password=\(H.password)",
                headers: headers)
            #expect(forged.status == .forbidden, "no form token, no sign-in")
            let wrong = try await h.client.send(
                "/signin", method: .post,
                body: "email=\(email.queryValueEncoded)&password=Wrong-Pass-1&csrf_token=\(csrf)",
                headers: headers)
            #expect(wrong.status == .unauthorized && wrong.text.contains("match an account"))
            #expect(wrong.headers[values: .setCookie].allSatisfy { !$0.hasPrefix("marquee_session=") })
            (csrf, headers) = try formSession(wrong)
            let signedIn = try await h.client.send(
                "/signin", method: .post,
                body: "email=\(email.queryValueEncoded)&password=\(H.password)&next=/watchlist&csrf_token=\(csrf)",
                headers: headers)
            #expect(signedIn.status == .seeOther && signedIn.headers[.location] == "/watchlist")
            let cookies = signedIn.headers[values: .setCookie]
            #expect(
                cookies.count == 2 && cookies[0].hasPrefix("marquee_session=")
                    && cookies[1].hasPrefix("marquee_account="))
            let session = try #require(cookies.first?.split(separator: ";").first.map(String.init))
            let watchlist = try await h.client.send("/watchlist", method: .get, headers: [.cookie: session])
            #expect(watchlist.status == .ok && watchlist.text.contains("data-account="))
        }
    }

    @Test("The reset page asks for the address, then for the new password twice, and explains what is wrong")
    func resetPage() async throws {
        try await H.run { h in
            let email = H.address()
            _ = try await h.signUpVerifyAndSignIn(email)
            let ask = try await h.client.get("/reset")
            #expect(ask.text.contains(#"name="email""#))
            let (csrf, form) = try formSession(ask)
            let sent = try await h.client.send(
                "/reset", method: .post, body: "email=\(email.queryValueEncoded)&csrf_token=\(csrf)", headers: form)
            #expect(sent.status == .seeOther)
            #expect(try await followed(sent, h).text.contains("on its way"))
            let token = try await h.mailbox.message(to: email, subject: "Reset").token(path: "/reset")
            #expect(try await h.client.get("/reset?token=\(token)").text.contains(#"name="password_again""#))
            let unknown = try await h.client.get("/reset?token=not-a-link")
            #expect(
                unknown.status == .badRequest && unknown.text.contains("auth.link_invalid")
                    && !unknown.text.contains("password_again"))

            let mismatch = try await h.client.send(
                "/reset", method: .post,
                body: "token=\(token)&password=Fresh-Pass-1&password_again=Fresh-Pass-2&csrf_token=\(csrf)",
                headers: form)
            #expect(mismatch.status == .badRequest && mismatch.text.contains("not the same"))
            let weak = try await h.client.send(
                "/reset", method: .post,
                body: "token=\(token)&password=password&password_again=password&csrf_token=\(csrf)", headers: form)
            #expect(weak.status == .badRequest && weak.text.contains("upper-case"))
            let done = try await h.client.send(
                "/reset", method: .post,
                body: "token=\(token)&password=Fresh-Pass-1&password_again=Fresh-Pass-1&csrf_token=\(csrf)",
                headers: form)
            #expect(done.status == .seeOther)
            #expect(try await followed(done, h).text.contains("new password is set"))
            _ = try await h.signIn(email, password: "Fresh-Pass-1")
            let used = try await h.client.get("/reset?token=\(token)")
            #expect(
                used.text.contains("auth.link_used") && used.text.contains("Ask for a new link"),
                "said before any password is typed")

            let oversize = try await h.client.send(
                "/reset", method: .post, body: "email=\(String(repeating: "a", count: 20_000))&csrf_token=\(csrf)",
                headers: form)
            #expect(oversize.status == .contentTooLarge && oversize.text.contains("request.body_too_large"))
        }
    }
}

/// A token of the same length that differs.
enum FormGuardProbe {
    static func other(_ token: String) -> String {
        String(token.map { $0 == "a" ? "b" : "a" })
    }
}
