import Foundation
import HTTPTypes
import MarqueeCore
import MarqueeWire
import Testing

/// The account lifecycle end to end: real HTTP on loopback, mail through a real SMTP server, links followed from
/// the received messages.
@Suite("Accounts: sign-up, verification, sign-in and sessions")
struct AccountFlowTests {

    @Test("Sign up → not signed in until the mailed link is followed → sign in → who am I")
    func signUpVerifySignIn() async throws {
        try await H.run { h in
            let email = H.address("ada")
            let signUp = try await h.call(
                "/api/v1/auth/signup", ["email": "  \(email.uppercased()) ", "password": H.password])
            #expect(signUp.status == .accepted)
            #expect(try signUp.decode(StatusMessage.self).status == "verification_sent")

            let early = try await h.call("/api/v1/auth/signin", ["email": email, "password": H.password])
            #expect(early.status == .forbidden)
            #expect(try early.errorCode() == "auth.email_not_verified")

            let mail = try await h.mailbox.message(to: email, subject: "Confirm your email")
            #expect(mail.body.contains("expires in 24 hours"))
            #expect(mail.body.contains("If you did not sign up"))
            let token = try mail.token(path: "/verify")
            let first = try await h.call("/api/v1/auth/verify", ["token": token])
            #expect(try first.decode(StatusMessage.self).status == "verified")
            let second = try await h.call("/api/v1/auth/verify", ["token": token])
            #expect(second.status == .ok)
            #expect(try second.decode(StatusMessage.self).status == "already_verified")

            let session = try await h.signIn(email)
            let me = try await h.me(session)
            #expect(me.id == session.userID)
            #expect(me.shortId == String(session.userID.prefix(8)))
            #expect(me.signInMethod == "Email (\(email))")
            #expect(me.accountType == "email")
            #expect(me.emailVerified)
            #expect(me.createdAt.hasSuffix("Z") && me.createdAt.contains("T"))
        }
    }

    @Test("Signing up with an address that has an account answers the same and mails the owner instead")
    func signUpExisting() async throws {
        try await H.run { h in
            let email = H.address()
            _ = try await h.signUpVerifyAndSignIn(email)
            let again = try await h.call("/api/v1/auth/signup", ["email": email, "password": "Another-Pass-9"])
            #expect(again.status == .accepted)
            #expect(try again.decode(StatusMessage.self).status == "verification_sent")
            let notice = try await h.mailbox.message(to: email, subject: "Someone tried to create")
            #expect(notice.body.contains("/reset"))
            #expect(throws: (any Error).self) { try notice.token(path: "/verify") }
            // The account keeps its password.
            _ = try await h.signIn(email)
            let wrong = try await h.call("/api/v1/auth/signin", ["email": email, "password": "Another-Pass-9"])
            #expect(try wrong.errorCode() == "auth.invalid_credentials")
        }
    }

    @Test("A second sign-up for a never-confirmed address mails its owner a link to choose the password instead")
    func signUpPending() async throws {
        try await H.run { h in
            let email = H.address()
            _ = try await h.call("/api/v1/auth/signup", ["email": email, "password": "Squatter-Pass-1"])
            let squatterLink = try await h.mailbox.message(to: email, subject: "Confirm").token(path: "/verify")
            let again = try await h.call("/api/v1/auth/signup", ["email": email, "password": H.password])
            #expect(again.status == .accepted)
            let finish = try await h.mailbox.message(to: email, subject: "Finish creating").token(path: "/reset")
            let chosen = try await h.call(
                "/api/v1/auth/password/reset/confirm", ["token": finish, "password": H.password])
            #expect(chosen.status == .ok)
            _ = try await h.signIn(email)
            #expect(
                try await h.call("/api/v1/auth/signin", ["email": email, "password": "Squatter-Pass-1"]).errorCode()
                    == "auth.invalid_credentials")
            // The first link was withdrawn when the password was chosen; the address is confirmed.
            let stale = try await h.call("/api/v1/auth/verify", ["token": squatterLink])
            #expect(try stale.decode(StatusMessage.self).status == "already_verified")
        }
    }

    @Test("Wrong password and unknown address are the same error; the resend answer never tells either")
    func noEnumeration() async throws {
        try await H.run { h in
            let email = H.address()
            _ = try await h.signUpVerifyAndSignIn(email)
            let wrongPassword = try await h.call("/api/v1/auth/signin", ["email": email, "password": "Wrong-Pass-1"])
            let unknown = try await h.call("/api/v1/auth/signin", ["email": H.address(), "password": "Wrong-Pass-1"])
            #expect(wrongPassword.status == .unauthorized && unknown.status == .unauthorized)
            #expect(try wrongPassword.errorCode() == "auth.invalid_credentials")
            #expect(try unknown.errorCode() == "auth.invalid_credentials")
            #expect(
                try wrongPassword.decodeError().message == (try unknown.decodeError().message))

            let resendKnown = try await h.call("/api/v1/auth/verify/resend", ["email": email])
            let resendUnknown = try await h.call("/api/v1/auth/verify/resend", ["email": H.address()])
            #expect(resendKnown.status == .accepted && resendUnknown.status == .accepted)
            #expect(resendKnown.text == resendUnknown.text)
        }
    }

    @Test("An unverified account can ask for the mail again; each link works once; tampered and expired links fail")
    func links() async throws {
        let clock = TestClock()
        try await H.run(clock: clock) { h in
            let email = H.address()
            _ = try await h.call("/api/v1/auth/signup", ["email": email, "password": H.password])
            let firstToken = try await h.mailbox.message(to: email, subject: "Confirm").token(path: "/verify")
            let resend = try await h.call("/api/v1/auth/verify/resend", ["email": email])
            #expect(resend.status == .accepted)
            let secondToken = try await h.mailbox.message(to: email, subject: "Confirm", index: 1).token(
                path: "/verify")
            #expect(firstToken != secondToken)

            var tampered = Array(secondToken)
            tampered[5] = tampered[5] == "a" ? "b" : "a"
            let bad = try await h.call("/api/v1/auth/verify", ["token": String(tampered)])
            #expect(try bad.errorCode() == "auth.link_invalid")

            clock.advance(by: 24 * 3600 + 1)
            let expired = try await h.call("/api/v1/auth/verify", ["token": secondToken])
            #expect(expired.status == .gone)
            #expect(try expired.errorCode() == "auth.link_expired")
            let stillUnverified = try await h.call("/api/v1/auth/signin", ["email": email, "password": H.password])
            #expect(try stillUnverified.errorCode() == "auth.email_not_verified")
        }
    }

    @Test(
        "Refresh tokens rotate; a retry within a minute repeats the answer; a later replay ends the session, and its access token stops working at once"
    )
    func refreshRotation() async throws {
        let clock = TestClock()
        try await H.run(clock: clock) { h in
            let session = try await h.signUpVerifyAndSignIn()
            let refreshed = try await h.call("/api/v1/auth/refresh", ["refresh_token": session.refreshToken])
            #expect(refreshed.status == .ok)
            let next = try refreshed.decode(MarqueeWire.Session.self)
            let nextAccess = try #require(next.accessToken)
            #expect(next.tokenType == "Bearer")
            #expect(next.expiresIn == 900)
            #expect(try await h.call("/api/v1/me", method: .get, bearer: nextAccess).status == .ok)

            // The answer was lost, say: the client sends the same token again and gets the same successor.
            clock.advance(by: 30)
            let retried = try await h.call("/api/v1/auth/refresh", ["refresh_token": session.refreshToken])
                .decode(MarqueeWire.Session.self)
            #expect(retried.refreshToken == next.refreshToken)
            let retriedAccess = try #require(retried.accessToken)
            #expect(try await h.call("/api/v1/me", method: .get, bearer: retriedAccess).status == .ok)

            clock.advance(by: 31)
            let replay = try await h.call("/api/v1/auth/refresh", ["refresh_token": session.refreshToken])
            #expect(try replay.errorCode() == "auth.session_ended")
            let afterReplay = try await h.call("/api/v1/me", method: .get, bearer: nextAccess)
            #expect(try afterReplay.errorCode() == "auth.session_ended")
            let nextRefresh = try #require(next.refreshToken)
            let family = try await h.call("/api/v1/auth/refresh", ["refresh_token": nextRefresh])
            #expect(try family.errorCode() == "auth.session_ended")
        }
    }

    @Test("Two refreshes racing with one token both get the same new refresh token, and the session goes on")
    func racingRefreshes() async throws {
        try await H.run { h in
            let session = try await h.signUpVerifyAndSignIn()
            async let first = h.call("/api/v1/auth/refresh", ["refresh_token": session.refreshToken])
            async let second = h.call("/api/v1/auth/refresh", ["refresh_token": session.refreshToken])
            let answers = try await [first, second].map { try $0.decode(MarqueeWire.Session.self) }
            let tokens = Set(answers.compactMap(\.refreshToken))
            #expect(tokens.count == 1)
            let next = try await h.call("/api/v1/auth/refresh", ["refresh_token": try #require(tokens.first)])
            #expect(next.status == .ok)
        }
    }

    @Test("Sign out ends this device only; sign out everywhere ends every device")
    func signOut() async throws {
        try await H.run { h in
            let email = H.address()
            let phone = try await h.signUpVerifyAndSignIn(email)
            let laptop = try await h.signIn(email)
            let tablet = try await h.signIn(email)
            let out = try await h.call("/api/v1/auth/signout", bearer: phone.accessToken)
            #expect(out.status == .ok)
            #expect(
                try await h.call("/api/v1/me", method: .get, bearer: phone.accessToken).errorCode()
                    == "auth.session_ended")
            #expect(try await h.call("/api/v1/me", method: .get, bearer: laptop.accessToken).status == .ok)

            let everywhere = try await h.call("/api/v1/auth/signout", ["everywhere": true], bearer: laptop.accessToken)
            #expect(everywhere.status == .ok)
            for session in [laptop, tablet] {
                #expect(
                    try await h.call("/api/v1/me", method: .get, bearer: session.accessToken).errorCode()
                        == "auth.session_ended")
                #expect(
                    try await h.call("/api/v1/auth/refresh", ["refresh_token": session.refreshToken]).errorCode()
                        == "auth.session_ended")
            }
        }
    }

    @Test("Sessions survive a server restart")
    func survivesRestart() async throws {
        let dataDir = TestSettings.makeDataDirectory()
        let clock = TestClock()
        let box = SessionBox()
        try await H.run(clock: clock, dataDir: dataDir) { h in
            box.session = try await h.signUpVerifyAndSignIn()
        }
        let session = try #require(box.session)
        try await H.run(clock: clock, dataDir: dataDir) { h in
            #expect(try await h.call("/api/v1/me", method: .get, bearer: session.accessToken).status == .ok)
            let refreshed = try await h.call("/api/v1/auth/refresh", ["refresh_token": session.refreshToken])
            #expect(refreshed.status == .ok)
        }
    }

    @Test("An access token expires after 15 minutes; refreshing gets a new one")
    func accessExpiry() async throws {
        let clock = TestClock()
        try await H.run(clock: clock) { h in
            let session = try await h.signUpVerifyAndSignIn()
            clock.advance(by: 15 * 60 + 1)
            let expired = try await h.call("/api/v1/me", method: .get, bearer: session.accessToken)
            #expect(expired.status == .unauthorized)
            #expect(try expired.errorCode() == "auth.token_expired")
            let refreshed = try await h.call("/api/v1/auth/refresh", ["refresh_token": session.refreshToken])
            #expect(refreshed.status == .ok)
        }
    }
}

/// Carries a value out of a `@Sendable` closure.
final class SessionBox: @unchecked Sendable {
    var session: AccountHarness.Session?
}
