import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeAccounts
import MarqueeCore
import NIOHTTP1
import Testing

@testable import MarqueeServer

/// Password checks cost a core a quarter of a second each, so no anonymous request may start one before the cheap
/// checks pass, and the server never queues more of them than it can run soon.
@Suite("Accounts: bounded password work")
struct PasswordWorkTests {

    @Test("A made-up reset link costs no password hash, and the address is throttled after ten")
    func madeUpResetLinks() async throws {
        let hasher = GatedHasher()
        try await H.run(["authThrottleLimit": "10"], hasher: hasher) { h in
            let before = hasher.hashes
            for index in 0..<10 {
                let token = String(repeating: "A", count: 42) + String(index)
                let answer = try await h.call(
                    "/api/v1/auth/password/reset/confirm", ["token": token, "password": "Valid-Passw0rd-x"])
                #expect(try answer.errorCode() == "auth.link_invalid")
            }
            let eleventh = try await h.call(
                "/api/v1/auth/password/reset/confirm",
                ["token": String(repeating: "B", count: 43), "password": "Valid-Passw0rd-x"])
            #expect(try eleventh.errorCode() == "auth.too_many_attempts")
            #expect(eleventh.headers[.retryAfter] != nil)
            #expect(hasher.hashes == before)
        }
    }

    @Test("With every password check under way, one more is turned away at once: 503 auth.busy with Retry-After")
    func busy() async throws {
        let hasher = GatedHasher()
        try await H.run(hasher: hasher) { h in
            let email = H.address()
            _ = try await h.signUpVerifyAndSignIn(email)
            let capacity = AccountsAssembly.passwordChecksAtOnce
            hasher.close()
            let body = #"{"email":"\#(email)","password":"\#(H.password)"}"#
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<capacity {
                    group.addTask {
                        try await LoopbackClient(port: h.port).send(.POST, "/api/v1/auth/signin", json: body).status
                    }
                }
                await hasher.waitUntilHolding(capacity)
                let turnedAway = try await h.call("/api/v1/auth/signin", ["email": email, "password": H.password])
                #expect(turnedAway.status == .serviceUnavailable)
                #expect(try turnedAway.errorCode() == "auth.busy")
                #expect(turnedAway.headers[.retryAfter] != nil)
                hasher.open()
                for try await status in group { #expect(status == 200) }
            }
            _ = try await h.signIn(email)
        }
    }

    @Test("The bound counts checks under way, and frees a place when one ends, even by throwing")
    func boundedHasher() async throws {
        struct Failing: PasswordHasher {
            func hash(_ password: String) async throws -> String { throw CancellationError() }
            func verify(_ password: String, against hash: String) async throws -> Bool { throw CancellationError() }
        }
        let bounded = BoundedPasswordHasher(Failing(), capacity: 1)
        for _ in 0..<3 { await #expect(throws: CancellationError.self) { _ = try await bounded.hash("x") } }
    }
}
