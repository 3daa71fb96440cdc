import Foundation
import MarqueeAccounts
import MarqueeCore
import MarqueeStore
import MarqueeStoreSQL
import Testing

/// The attempt limiter contract, in memory (one instance) and in SQLite and PostgreSQL (instances sharing them).
@Suite("Attempt limiter")
struct AttemptLimiterTests {
    static func withLimiters(_ body: (any AttemptLimiter, any AttemptLimiter, TestClock) async throws -> Void)
        async throws
    {
        let clock = TestClock()
        let memory = AttemptThrottle(limit: 3, window: 60, now: clock.closure)
        try await body(memory, memory, clock)
        try await withEachMigratedDatabase { database in
            let clock = TestClock()
            // Two limiters over one database stand for two instances.
            try await body(
                SQLAttemptLimiter(database: database, limit: 3, window: 60, now: clock.closure),
                SQLAttemptLimiter(database: database, limit: 3, window: 60, now: clock.closure), clock)
        }
    }

    func retryAfter(_ body: () async throws -> Void) async -> Int? {
        do {
            try await body()
            return nil
        } catch let error as DomainError where error.code == .tooManyAttempts {
            return error.retryAfterSeconds
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test("The limit holds across limiters; refunds and the window's end free attempts; keys are separate")
    func contract() async throws {
        try await Self.withLimiters { a, b, clock in
            try await a.attempt(["ip:1", "email:ada"])
            clock.advance(by: 10)
            try await b.attempt(["ip:1"])
            try await a.attempt(["ip:1"])
            #expect(await retryAfter { try await b.attempt(["ip:1", "email:ada"]) } == 50)
            // The refused attempt counted against neither key.
            try await a.attempt(["email:ada"])
            try await b.attempt(["ip:2"])

            await a.refund(["ip:1"])
            try await b.attempt(["ip:1"])
            #expect(await retryAfter { try await a.attempt(["ip:1"]) } == 50)
            clock.advance(by: 51)
            try await a.attempt(["ip:1"])
        }
    }

    @Test("Racing attempts through two limiters never get past the limit (the keys' locks hold on PostgreSQL)")
    func concurrentAttempts() async throws {
        try await Self.withLimiters { a, b, _ in
            let allowed = await withTaskGroup(of: Bool.self) { group in
                for n in 0..<12 {
                    let limiter = n.isMultiple(of: 2) ? a : b
                    // Two keys per attempt, in both orders, so lock ordering is exercised too.
                    let keys = n.isMultiple(of: 3) ? ["ip:9", "email:grace"] : ["email:grace", "ip:9"]
                    group.addTask {
                        do {
                            try await limiter.attempt(keys)
                            return true
                        } catch let error as DomainError where error.code == .tooManyAttempts {
                            return false
                        } catch {
                            // A deadlock or a lost connection is a failure here, not a refusal that counts.
                            Issue.record(error)
                            return false
                        }
                    }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(allowed == 3)
        }
    }
}
