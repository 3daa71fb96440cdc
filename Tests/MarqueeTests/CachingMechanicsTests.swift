import NIOCore
import Prometheus
import Testing

@testable import MarqueeCatalog
@testable import MarqueeServer
@testable import MarqueeUpstream

/// The bounds of the caches and queues that protect the server and TMDB.
@Suite("Caching mechanics")
struct CachingMechanicsTests {
    @Test(
        "The outbound rate limiter allows a second's burst, then refuses waits longer than allowed without taking a slot"
    )
    func rateLimiter() async throws {
        let limiter = RateLimiter(perSecond: 10)
        for _ in 0..<10 { #expect(try await limiter.acquire(maxWait: .zero)) }
        #expect(try await !limiter.acquire(maxWait: .zero))
        #expect(try await !limiter.acquire(maxWait: .milliseconds(50)))
        // The refused calls took no slot: the next one is only one interval away.
        #expect(try await limiter.acquire(maxWait: .milliseconds(150)))
    }

    func cache(capacity: Int, timeToLive: Duration = .seconds(60)) -> ResponseCache {
        ResponseCache(
            timeToLive: timeToLive, instruments: RequestInstruments(registry: PrometheusCollectorRegistry()),
            serverName: "Marquee", capacity: capacity)
    }

    func store(_ cache: ResponseCache, _ key: String, bytes: Int) async throws {
        _ = try await cache.body(for: key, route: "/r", cacheControl: "public") {
            ByteBuffer(repeating: 0x41, count: bytes)
        }
    }

    @Test("The response cache stays within its byte budget, dropping the oldest entries first")
    func byteBudget() async throws {
        let cache = cache(capacity: 2 * (1 + 40 + ResponseCache.entryOverhead))
        try await store(cache, "a", bytes: 40)
        try await store(cache, "b", bytes: 40)
        #expect(cache.entry(for: "a") != nil && cache.entry(for: "b") != nil)
        try await store(cache, "c", bytes: 40)
        #expect(cache.entry(for: "a") == nil)
        #expect(cache.entry(for: "b") == nil)
        #expect(cache.entry(for: "c")?.body.readableBytes == 40)
    }

    @Test("Expired responses are not answered from the cache, and failures are not cached")
    func expiryAndFailures() async throws {
        let expired = cache(capacity: 1_000, timeToLive: .zero)
        try await store(expired, "a", bytes: 10)
        #expect(expired.entry(for: "a") == nil)

        let live = cache(capacity: 1_000)
        struct Failure: Error {}
        await #expect(throws: Failure.self) {
            _ = try await live.body(for: "b", route: "/r", cacheControl: "public") { throw Failure() }
        }
        #expect(live.entry(for: "b") == nil)
    }

    @Test("Keys count against the budget as bodies do: long keys with tiny bodies cannot grow the cache past it")
    func keysCount() async throws {
        let cache = cache(capacity: 64 * 1024)
        for index in 0..<1_000 {
            try await store(cache, "/r?q=\(index)" + String(repeating: "A", count: 4_000), bytes: 1)
        }
        #expect(cache.bytes <= 64 * 1024)
        #expect(cache.bytes > 32 * 1024)
    }

    @Test("Expired entries are swept out as new ones arrive, not kept until the budget runs out")
    func expiredSwept() async throws {
        let cache = cache(capacity: 1 << 20, timeToLive: .zero)
        for key in ["a", "b", "c"] { try await store(cache, key, bytes: 100) }
        #expect(cache.bytes == 0)
    }
}
