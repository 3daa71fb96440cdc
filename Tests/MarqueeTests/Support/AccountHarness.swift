import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import MarqueeAccounts
import MarqueeCore
import MarqueeWire
import NIOCore
import Testing

@testable import MarqueeServer

/// The harness, as the tests that use it call it.
typealias H = AccountHarness

/// A live Marquee (real HTTP on loopback) delivering its mail to a real SMTP server, with a settable clock and a
/// cheap bcrypt cost, plus helpers to talk to the account API the way a client does.
struct AccountHarness: Sendable {
    let client: any TestClientProtocol
    /// The loopback port the server listens on.
    var port: Int { client.port ?? 0 }
    let mailbox: Mailbox
    let clock: TestClock
    let settings: ServerSettings

    static let password = "Correct-Horse-7"

    /// Runs `body` against a fresh server and SMTP sink. `overrides` are extra settings.
    static func run(
        _ overrides: [String: String] = [:], clock: TestClock = TestClock(), dataDir: String? = nil,
        purgeInterval: Duration = .seconds(3600), hasher: (any PasswordHasher)? = nil, logs: LogCapture? = nil,
        configure: @Sendable (inout ServerTuning) -> Void = { _ in },
        _ body: @Sendable (AccountHarness) async throws -> Void
    ) async throws {
        try await withSMTPSink { sink in
            var values = ["smtpURL": "smtp://127.0.0.1:\(sink.port)", "authThrottleLimit": "1000"]
            if let dataDir { values["dataDir"] = dataDir }
            values.merge(overrides) { $1 }
            var tuned = try TestSettings.make(values)
            tuned.tuning.abandonedAccountPurgeInterval = purgeInterval
            configure(&tuned.tuning)
            let settings = tuned
            var dependencies = dependencies(clock)
            if let hasher { dependencies.passwordHasher = hasher }
            let logger = logs?.logger ?? TestSettings.debugLogger
            try await withLiveMarquee(settings, logger: logger, dependencies: dependencies) {
                client in
                try await body(AccountHarness(client: client, mailbox: sink.mailbox, clock: clock, settings: settings))
            }
        }
    }

    static func dependencies(_ clock: TestClock) -> AppDependencies {
        var dependencies = AppDependencies.forTests
        dependencies.now = clock.closure
        dependencies.passwordHasher = BcryptPasswordHasher(cost: 4)
        return dependencies
    }

    /// A unique address for one test.
    static func address(_ name: String = "reader") -> String {
        "\(name)-\(UUID().uuidString.prefix(8).lowercased())@example.com"
    }

    /// POSTs (or sends) a JSON object built from `fields` (values are JSON-encoded as given).
    func call(
        _ path: String, _ fields: [String: any Sendable]? = nil, method: HTTPRequest.Method = .post,
        bearer: String? = nil, headers extra: HTTPFields = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> TestResponse {
        var headers = extra
        if let bearer { headers[.authorization] = "Bearer \(bearer)" }
        var body: String?
        if let fields {
            headers[.contentType] = "application/json"
            body = String(
                decoding: try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]), as: UTF8.self)
        }
        return try await client.send(path, method: method, body: body, headers: headers, sourceLocation: sourceLocation)
    }

    /// Signs up, follows the verification link from the mail, and signs in; returns the sign-in's body.
    func signUpVerifyAndSignIn(_ email: String = address(), password: String = password) async throws -> Session {
        let signUp = try await call("/api/v1/auth/signup", ["email": email, "password": password])
        #expect(signUp.status == .accepted)
        let mail = try await mailbox.message(to: email, subject: "Confirm your email")
        let verify = try await call("/api/v1/auth/verify", ["token": try mail.token(path: "/verify")])
        #expect(verify.status == .ok)
        return try await signIn(email, password: password)
    }

    func signIn(_ email: String, password: String = password) async throws -> Session {
        let response = try await call("/api/v1/auth/signin", ["email": email, "password": password])
        #expect(response.status == .ok, "\(response.text)")
        return try Session(response)
    }

    func me(_ session: Session) async throws -> Account {
        let response = try await call("/api/v1/me", method: .get, bearer: session.accessToken)
        #expect(response.status == .ok, "\(response.text)")
        return try response.decode(Account.self)
    }

    /// A signed-in API session.
    struct Session: Sendable {
        let accessToken: String
        let refreshToken: String
        let userID: String

        /// The session a sign-in's answer describes; `userID` defaults to the account it names.
        init(_ response: TestResponse, userID: String? = nil) throws {
            let session = try response.decode(MarqueeWire.Session.self)
            accessToken = try #require(session.accessToken, "\(response.text)")
            refreshToken = try #require(session.refreshToken)
            self.userID = try #require(userID ?? session.user?.id)
        }
    }
}
