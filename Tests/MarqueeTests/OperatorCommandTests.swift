import Foundation
import HTTPTypes
import Testing

/// The `marquee` binary's operator commands, run as a person would: `mail list` in development mode and
/// `user list|show|disable|enable|delete`.
@Suite("Operator commands: marquee mail and marquee user")
struct OperatorCommandTests {

    @Test("Development mode: sign-up mail lands in the outbox, `marquee mail list` shows its link, and the link works")
    func outboxSignUp() async throws {
        let dataDir = TestSettings.makeDataDirectory()
        let settings = try TestSettings.make(["dataDir": dataDir])
        try await withLiveMarquee(settings, dependencies: H.dependencies(TestClock())) { client in
            let email = H.address("dev")
            let body = #"{"email":"\#(email)","password":"\#(H.password)"}"#
            let signUp = try await client.send(
                "/api/v1/auth/signup", method: .post, body: body, headers: [.contentType: "application/json"])
            #expect(signUp.status == .accepted)
            let mail = try await Mailbox(directory: dataDir + "/outbox").message(to: email)
            let listed = try await runMarquee(["mail", "list", "--data-dir", dataDir])
            #expect(listed.status == 0)
            #expect(listed.output.contains("Confirm your email address for Marquee"))
            #expect(listed.output.contains("/verify?token=\(try mail.token(path: "/verify"))"))
            let verify = try await client.send(
                "/api/v1/auth/verify", method: .post, body: #"{"token":"\#(try mail.token(path: "/verify"))"}"#,
                headers: [.contentType: "application/json"])
            #expect(verify.status == .ok)
        }
    }

    @Test("marquee user list, show, disable (ends sessions, blocks sign-in, takes no guest in), enable and delete")
    func userCommands() async throws {
        let dataDir = TestSettings.makeDataDirectory()
        let email = H.address("op")
        let box = SessionBox()
        try await H.run(dataDir: dataDir) { h in
            box.session = try await h.signUpVerifyAndSignIn(email)
        }
        let session = try #require(box.session)
        let list = try await runMarquee(["user", "list", "--data-dir", dataDir])
        #expect(list.status == 0 && list.output.contains(session.userID) && list.output.contains(email))
        let show = try await runMarquee(["user", "show", email, "--data-dir", dataDir])
        #expect(show.output.contains("Email (\(email))") && show.output.contains(String(session.userID.prefix(8))))
        #expect(try await runMarquee(["user", "disable", session.userID, "--data-dir", dataDir]).status == 0)

        try await H.run(dataDir: dataDir) { h in
            #expect(
                try await h.call("/api/v1/me", method: .get, bearer: session.accessToken).errorCode()
                    == "auth.session_ended")
            let refused = try await h.call("/api/v1/auth/signin", ["email": email, "password": H.password])
            #expect(try refused.errorCode() == "auth.account_disabled")
            // A guest signing in to it is refused before anything moves: the guest keeps its items and its sign-in.
            let guest = try await h.guest()
            try await h.save(guest, "favorites/movie/129", title: "Spirited Away")
            let fromGuest = try await h.call(
                "/api/v1/auth/signin", ["email": email, "password": H.password], bearer: guest.accessToken)
            #expect(try fromGuest.errorCode() == "auth.account_disabled")
            #expect(try await h.ids(guest, "") == ["129"])
        }
        #expect(try await runMarquee(["user", "enable", email, "--data-dir", dataDir]).status == 0)
        try await H.run(dataDir: dataDir) { h in _ = try await h.signIn(email) }

        let declined = try await runMarquee(["user", "delete", email, "--data-dir", dataDir], input: "no\n")
        #expect(declined.status != 0)
        let deleted = try await runMarquee(["user", "delete", email, "--data-dir", dataDir], input: "delete\n")
        #expect(deleted.status == 0, "\(deleted.output)")
        let missing = try await runMarquee(["user", "show", email, "--data-dir", dataDir])
        #expect(missing.status != 0 && missing.output.contains("No account"))
    }

    @Test(
        "A bad setting and a busy port stop marquee with one Error: line and their own exit status, no usage text",
        .timeLimit(.minutes(1)))
    func startFailures() async throws {
        let badSetting = try await runMarquee(
            ["user", "list", "--data-dir", TestSettings.makeDataDirectory()], environment: ["MARQUEE_PORT": "eighty"])
        #expect(badSetting.status == 78, "\(badSetting.output)")
        #expect(badSetting.output.contains("Error: Invalid setting port") && !badSetting.output.contains("Usage"))

        let running = try await ServerProcess.start(environment: ["MARQUEE_DATA_DIR": TestSettings.makeDataDirectory()])
        let busy = try await runMarquee(
            ["serve", "--port", String(running.port), "--data-dir", TestSettings.makeDataDirectory()])
        running.stop()
        #expect(busy.status == 69, "\(busy.output)")
        #expect(busy.output.contains("\(running.port) is already in use") && !busy.output.contains("Usage"))
    }
}
