import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeServer
import NIOHTTP1
import Testing

/// A sign-in reads the account, spends a quarter of a second checking the password, then starts a session. Whatever
/// ends sessions and commits in that quarter of a second (a new password, disabling, signing out everywhere) must
/// win: the sign-in is refused and the change stands. Each test holds the sign-in inside its password check while
/// the change commits.
@Suite("Accounts: a sign-in under way never undoes a change that ends sessions")
struct SignInRaceTests {
    static let newPassword = "Brand-New-Secret-42"

    /// Runs `body` against a server whose password checks `hasher` can hold.
    func run(dataDir: String? = nil, _ body: @Sendable (H, PausingHasher) async throws -> Void) async throws {
        let hasher = PausingHasher()
        try await H.run(dataDir: dataDir, hasher: hasher) { h in try await body(h, hasher) }
    }

    /// Signs in to `email` with the old password, holding the check until `commit` has run; the sign-in's error
    /// code. (On a connection of its own: the harness's client sends one request at a time.)
    func signIn(
        _ email: String, _ h: H, _ hasher: PausingHasher, asGuest guest: String? = nil,
        overtakenBy commit: @Sendable () async throws -> Void
    ) async throws -> String? {
        let hold = hasher.holdNextCheck()
        let body = #"{"email":"\#(email)","password":"\#(H.password)"}"#
        async let signIn = LoopbackClient(port: h.port).send(.POST, "/api/v1/auth/signin", json: body, bearer: guest)
        await hold.reached()
        try await commit()
        hold.release()
        return try await signIn.errorCode
    }

    func expectPasswords(_ h: H, _ email: String, work new: String, refused old: String) async throws {
        let refused = try await h.call("/api/v1/auth/signin", ["email": email, "password": old])
        #expect(try refused.errorCode() == "auth.invalid_credentials")
        _ = try await h.signIn(email, password: new)
    }

    @Test(
        "A password reset confirmed during a sign-in with the old password: the sign-in fails, the new password stands")
    func reset() async throws {
        try await run { h, hasher in
            let email = H.address()
            _ = try await h.signUpVerifyAndSignIn(email)
            let signIn = try await signIn(email, h, hasher) {
                _ = try await h.call("/api/v1/auth/password/reset", ["email": email])
                let token = try await h.mailbox.message(to: email, subject: "Reset").token(path: "/reset")
                let done = try await h.call(
                    "/api/v1/auth/password/reset/confirm", ["token": token, "password": Self.newPassword])
                #expect(done.status == .ok)
            }
            #expect(signIn == "auth.invalid_credentials")
            try await expectPasswords(h, email, work: Self.newPassword, refused: H.password)
        }
    }

    @Test("A guest signing in while a reset commits keeps what it saved: nothing moves into the account")
    func guestDuringReset() async throws {
        try await run { h, hasher in
            let email = H.address()
            _ = try await h.signUpVerifyAndSignIn(email)
            let guest = try await h.guest()
            try await h.save(guest, "favorites/movie/603", title: "The Matrix")
            let signIn = try await signIn(email, h, hasher, asGuest: guest.accessToken) {
                _ = try await h.call("/api/v1/auth/password/reset", ["email": email])
                let token = try await h.mailbox.message(to: email, subject: "Reset").token(path: "/reset")
                _ = try await h.call(
                    "/api/v1/auth/password/reset/confirm", ["token": token, "password": Self.newPassword])
            }
            #expect(signIn == "auth.invalid_credentials")
            #expect(try await h.ids(guest, "") == ["603"])
            let account = try await h.signIn(email, password: Self.newPassword)
            #expect(try await h.ids(account, "").isEmpty)
        }
    }

    @Test("A password change during a sign-in with the old password: the sign-in fails, the new password stands")
    func change() async throws {
        try await run { h, hasher in
            let email = H.address()
            let session = try await h.signUpVerifyAndSignIn(email)
            let signIn = try await signIn(email, h, hasher) {
                let changed = try await h.call(
                    "/api/v1/auth/password/change", ["current_password": H.password, "new_password": Self.newPassword],
                    bearer: session.accessToken)
                #expect(changed.status == .ok)
            }
            #expect(signIn == "auth.invalid_credentials")
            try await expectPasswords(h, email, work: Self.newPassword, refused: H.password)
        }
    }

    @Test("Signing out everywhere during a sign-in: no session starts; signing in afterwards works")
    func signOutEverywhere() async throws {
        try await run { h, hasher in
            let email = H.address()
            let session = try await h.signUpVerifyAndSignIn(email)
            let signIn = try await signIn(email, h, hasher) {
                let out = try await h.call("/api/v1/auth/signout", ["everywhere": true], bearer: session.accessToken)
                #expect(out.status == .ok)
            }
            #expect(signIn == "auth.session_ended")
            #expect(try await h.call("/api/v1/me", method: .get, bearer: session.accessToken).status == .unauthorized)
            _ = try await h.signIn(email)
        }
    }

    @Test("Disabling the account (marquee user disable, another process) during a sign-in: no session starts")
    func disable() async throws {
        let dataDir = TestSettings.makeDataDirectory()
        try await run(dataDir: dataDir) { h, hasher in
            let email = H.address()
            let session = try await h.signUpVerifyAndSignIn(email)
            let signIn = try await signIn(email, h, hasher) {
                let disabled = try await runMarquee(["user", "disable", session.userID, "--data-dir", dataDir])
                #expect(disabled.status == 0, "\(disabled.output)")
            }
            #expect(signIn == "auth.account_disabled")
            let again = try await h.call("/api/v1/auth/signin", ["email": email, "password": H.password])
            #expect(try again.errorCode() == "auth.account_disabled")
        }
    }
}
