import Foundation
import Logging
import MarqueeCore
import MarqueeStore
import Testing

@testable import MarqueeUpstream

/// `UpstreamFetcher`'s daily budget (Ticketmaster's 5,000 calls a day) and what a caller hears when the upstream
/// says to wait (429 with `Retry-After`).
@Suite("Upstream daily budget and Retry-After")
struct UpstreamDailyBudgetTests {
    /// 2026-09-21T14:13:20Z: 35,200 seconds before midnight UTC.
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    func fetcher(_ transport: ScriptedTransport, clock: TestClock, dailyLimit: Int? = nil) -> UpstreamFetcher {
        var policy = UpstreamFetcher.Policy()
        policy.dailyLimit = dailyLimit
        policy.retryBaseDelay = .milliseconds(1)
        policy.requestsPerSecond = 1_000
        return UpstreamFetcher(
            name: "Ticketmaster", transport: transport, cache: InMemoryUpstreamCacheStore(), policy: policy,
            logger: TestSettings.quietLogger, unavailable: .eventsUnavailable, now: clock.closure)
    }

    func get(_ fetcher: UpstreamFetcher, _ key: String, freshFor: TimeInterval = 600) async throws -> FetchedBody {
        try await fetcher.current(
            cacheKey: key, url: "https://upstream.test/\(key)", logPath: "/\(key)", freshFor: freshFor,
            servableFor: 7 * 86_400)
    }

    @Test("Past the day's calls: the unavailable code with the seconds to midnight UTC; a new day starts afresh")
    func spent() async throws {
        let transport = ScriptedTransport()
        let clock = TestClock(Self.start)
        let fetcher = fetcher(transport, clock: clock, dailyLimit: 2)
        _ = try await get(fetcher, "a")
        _ = try await get(fetcher, "b")
        let error = await #expect(throws: DomainError.self) { try await get(fetcher, "c") }
        #expect(error?.code == .eventsUnavailable)
        #expect(error?.retryAfterSeconds == 35_200)
        #expect(transport.urls.count == 2, "the call over budget is never made")
        clock.advance(by: 35_200)
        _ = try await get(fetcher, "c")
        #expect(transport.urls.count == 3)
    }

    @Test("With the budget spent, what is cached is served, marked stale")
    func staleWhenSpent() async throws {
        let clock = TestClock(Self.start)
        let fetcher = fetcher(ScriptedTransport(), clock: clock, dailyLimit: 1)
        let fresh = try await get(fetcher, "a")
        #expect(!fresh.isStale)
        clock.advance(by: 601)
        let stale = try await get(fetcher, "a")
        #expect(stale.isStale && stale.body == fresh.body)
    }

    @Test("Retries count against the budget")
    func retriesCount() async throws {
        let transport = ScriptedTransport([ScriptedTransport.answer(503)])
        let fetcher = fetcher(transport, clock: TestClock(Self.start), dailyLimit: 2)
        _ = try await get(fetcher, "a")
        #expect(transport.urls.count == 2)
        await #expect(throws: DomainError.self) { try await get(fetcher, "b") }
    }

    @Test("No limit by default")
    func unlimited() async throws {
        let transport = ScriptedTransport()
        let fetcher = fetcher(transport, clock: TestClock(Self.start))
        for index in 0..<20 { _ = try await get(fetcher, "k\(index)") }
        #expect(transport.urls.count == 20)
    }

    @Test("A 429 asking for a longer wait than a request may take ends at once, passing Retry-After on")
    func longRetryAfter() async throws {
        let transport = ScriptedTransport([ScriptedTransport.answer(429, retryAfter: "30")])
        let fetcher = fetcher(transport, clock: TestClock(Self.start))
        let error = await #expect(throws: DomainError.self) { try await get(fetcher, "a") }
        #expect(error?.code == .eventsUnavailable && error?.retryAfterSeconds == 30)
        #expect(transport.urls.count == 1)
    }

    @Test("429s past the last attempt: the unavailable code, with the upstream's last Retry-After")
    func repeated429() async throws {
        let busy = ScriptedTransport.answer(429, retryAfter: "0")
        let transport = ScriptedTransport([busy, busy, busy])
        let fetcher = fetcher(transport, clock: TestClock(Self.start))
        let error = await #expect(throws: DomainError.self) { try await get(fetcher, "a") }
        #expect(error?.code == .eventsUnavailable && error?.retryAfterSeconds == 1)
        #expect(transport.urls.count == 3)
    }

    @Test("A 429 without Retry-After is retried, then answers the unavailable code without one")
    func repeated429WithoutHeader() async throws {
        let transport = ScriptedTransport(Array(repeating: ScriptedTransport.answer(429), count: 3))
        let fetcher = fetcher(transport, clock: TestClock(Self.start))
        let error = await #expect(throws: DomainError.self) { try await get(fetcher, "a") }
        #expect(error?.code == .eventsUnavailable && error?.retryAfterSeconds == nil)
        #expect(transport.urls.count == 3)
    }

    @Test("The budget counts by UTC day and says how long until the next")
    func budgetDays() {
        let budget = DailyBudget(limit: 1)
        let lastSecond = Date(timeIntervalSince1970: 20_717 * 86_400 + 86_399.5)
        #expect(budget.take(at: lastSecond) == nil)
        #expect(budget.take(at: lastSecond) == 1, "half a second to midnight rounds up to one")
        #expect(budget.take(at: lastSecond.addingTimeInterval(0.5)) == nil)
        #expect(DailyBudget(limit: 0).take(at: Self.start) == 35_200)
    }

    @Test("Callers not signed in share only their part of the day; signed-in callers may use the rest")
    func anonymousPart() {
        let budget = DailyBudget(limit: 8, anonymousShare: 0.25)
        #expect(budget.take(at: Self.start, anonymous: true) == nil)
        #expect(budget.take(at: Self.start, anonymous: true) == nil)
        #expect(budget.take(at: Self.start, anonymous: true) != nil, "two of eight is their part")
        for _ in 0..<6 { #expect(budget.take(at: Self.start) == nil) }
        #expect(budget.take(at: Self.start) != nil)
    }
}
