import AsyncHTTPClient
import Foundation
import Logging
import MarqueeCore
import MarqueeStore
import MarqueeUpstream
import MarqueeWire
import Testing

@testable import MarqueeEvents

/// `TicketmasterProvider` against a local fake Ticketmaster on loopback: the search it sends (geohash, radius,
/// paging), the key kept out of the cache, caching, ids checked before calling, a 404, a 429 and a wrong key.
@Suite("Ticketmaster provider")
struct TicketmasterProviderTests {
    static let london = City(
        id: 2_643_743, name: "London", countryCode: "GB", country: "United Kingdom", region: nil, regionCode: "ENG",
        latitude: 51.50853, longitude: -0.12574, population: 8_961_989, timezone: "Europe/London")

    /// The cache key of the first page of a search around London without a keyword.
    static let londonSearchKey =
        "ticketmaster:/events.json?geoPoint=gcpvj0u6y&radius=50&unit=km&size=20&page=0&sort=date%2Casc&locale=%2A"

    /// Runs `body` with a provider on `fake`, called with `apiKey`, on `clock`.
    func withProvider(
        _ fake: FakeTicketmaster, clock: TestClock = TestClock(), apiKey: String = FakeTicketmaster.apiKey,
        dailyLimit: Int = 5_000,
        _ body: @Sendable (TicketmasterProvider, InMemoryUpstreamCacheStore) async throws -> Void
    ) async throws {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            try await fake.run { baseURL in
                var base = UpstreamFetcher.Policy()
                base.retryBaseDelay = .milliseconds(2)
                // Upstream calls are counted: a loaded machine must not turn a slow answer into a second call.
                base.timeout = .seconds(60)
                let cache = InMemoryUpstreamCacheStore()
                let fetcher = UpstreamFetcher(
                    name: "Ticketmaster", transport: AsyncHTTPClientTransport(client: client), cache: cache,
                    policy: TicketmasterProvider.policy(base, requestsPerSecond: 1_000, dailyLimit: dailyLimit),
                    logger: TestSettings.quietLogger, unavailable: .eventsUnavailable, now: clock.closure)
                let provider = TicketmasterProvider(
                    baseURL: baseURL, apiKey: apiKey, fetcher: fetcher, now: clock.closure)
                try await body(provider, cache)
            }
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    @Test(
        "A search asks for the place's geohash within 50 km, 20 a page, soonest first; the key stays out of the cache")
    func search() async throws {
        let fake = FakeTicketmaster()
        try await withProvider(fake) { provider, cache in
            let page = try await provider.search(near: Self.london, query: nil, page: 1)
            #expect(page.page == 1 && page.totalPages == 1 && page.totalResults == 5)
            #expect(page.place == Self.london && page.source == .ticketmaster)
            #expect(
                page.results.map(\.id) == [
                    "G5vFZ4qT1xAbC", "vvG1bZ7Qm2pXy9", "Z7r9jZ1AdkLm3", "1AeZk7Gz9QpR_x", "Z698xZ2qZ1-Abc",
                ])
            #expect(page.results.allSatisfy { $0.source == .ticketmaster && $0.mediaType == "event" })
            let call = try #require(fake.calls.first)
            #expect(call.hasPrefix("/discovery/v2/events.json?"))
            for part in [
                "geoPoint=gcpvj0u6y", "radius=50", "unit=km", "size=20", "page=0", "sort=date%2Casc", "locale=%2A",
                "apikey=\(FakeTicketmaster.apiKey)",
            ] {
                #expect(call.contains(part), "\(part)")
            }
            #expect(!call.contains("keyword="))
            let cached = try #require(await cache.response(for: Self.londonSearchKey))
            #expect(!String(decoding: cached.body, as: UTF8.self).isEmpty)
        }
    }

    @Test("A search is cached for 10 minutes: asked again within them, Ticketmaster is not called")
    func searchCached() async throws {
        let fake = FakeTicketmaster()
        let clock = TestClock()
        try await withProvider(fake, clock: clock) { provider, _ in
            _ = try await provider.search(near: Self.london, query: nil, page: 1)
            clock.advance(by: 599)
            _ = try await provider.search(near: Self.london, query: nil, page: 1)
            #expect(fake.callCount("/discovery/v2/events.json") == 1)
            clock.advance(by: 2)
            _ = try await provider.search(near: Self.london, query: nil, page: 1)
            #expect(fake.callCount("/discovery/v2/events.json") == 2)
        }
    }

    @Test("The keyword is sent; an answer with no _embedded is an empty page")
    func keywordFindsNothing() async throws {
        let fake = FakeTicketmaster()
        try await withProvider(fake) { provider, _ in
            let found = try await provider.search(near: Self.london, query: " Saltmarsh ", page: 1)
            #expect(found.results.map(\.id) == ["G5vFZ4qT1xAbC"])
            #expect(fake.calls.last?.contains("keyword=Saltmarsh&") == true)
            let none = try await provider.search(near: Self.london, query: "nothing like this", page: 1)
            #expect(none.results.isEmpty && none.totalResults == 0 && none.totalPages == 1)
            #expect(fake.calls.last?.contains("keyword=nothing%20like%20this") == true)
        }
    }

    @Test("Pages are 0-based upstream; past the 1,000th event there is no page to ask for")
    func paging() async throws {
        let fake = FakeTicketmaster()
        try await withProvider(fake) { provider, _ in
            let second = try await provider.search(near: Self.london, query: nil, page: 2)
            #expect(second.page == 2 && second.results.isEmpty)
            #expect(fake.calls.last?.contains("page=1&") == true)
            let error = await #expect(throws: DomainError.self) {
                try await provider.search(near: Self.london, query: nil, page: 51)
            }
            #expect(error?.code == .badPage)
            #expect(fake.calls.count == 1)
        }
    }

    @Test("An event's details; an unknown id is events.not_found; an id that cannot be Ticketmaster's is not sent")
    func details() async throws {
        let fake = FakeTicketmaster()
        try await withProvider(fake) { provider, cache in
            let event = try await provider.event(id: "G5vFZ4qT1xAbC")
            #expect(event.name == "The Saltmarsh Ensemble: Winter Songs" && event.genre == "Folk")
            #expect(
                event.priceRanges.count == 2 && event.ticketURL == "https://tickets.example.com/event/G5vFZ4qT1xAbC")
            #expect(fake.calls.last?.hasPrefix("/discovery/v2/events/G5vFZ4qT1xAbC.json?locale=%2A&apikey=") == true)
            #expect(await cache.response(for: "ticketmaster:/events/G5vFZ4qT1xAbC.json?locale=%2A") != nil)

            let cancelled = try await provider.event(id: "vvG1bZ7Qm2pXy9")
            #expect(cancelled.priceRanges.isEmpty && cancelled.status == .cancelled)

            let missing = await #expect(throws: DomainError.self) { try await provider.event(id: "Zzz404") }
            #expect(missing?.code == .eventNotFound)
            let calls = fake.calls.count
            for id in ["", "../events", "a b", "G5vF%2F", String(repeating: "a", count: 65), "ünï"] {
                let error = await #expect(throws: DomainError.self) { try await provider.event(id: id) }
                #expect(error?.code == .eventNotFound)
            }
            #expect(fake.calls.count == calls)
        }
    }

    @Test("An event is cached for an hour")
    func detailsCached() async throws {
        let fake = FakeTicketmaster()
        let clock = TestClock()
        try await withProvider(fake, clock: clock) { provider, _ in
            _ = try await provider.event(id: "G5vFZ4qT1xAbC")
            clock.advance(by: 3_599)
            _ = try await provider.event(id: "G5vFZ4qT1xAbC")
            #expect(fake.calls.count == 1)
        }
    }

    @Test("Ticketmaster answering 429: events.upstream_unavailable with its Retry-After, or the cached answer, stale")
    func rateLimited() async throws {
        let fake = FakeTicketmaster()
        let clock = TestClock()
        try await withProvider(fake, clock: clock) { provider, _ in
            fake.mode = .down(status: 429, retryAfter: "20")
            let error = await #expect(throws: DomainError.self) {
                try await provider.search(near: Self.london, query: nil, page: 1)
            }
            #expect(error?.code == .eventsUnavailable && error?.retryAfterSeconds == 20)

            fake.mode = .normal
            let fresh = try await provider.search(near: Self.london, query: nil, page: 1)
            clock.advance(by: 3_600)
            fake.mode = .down(status: 429, retryAfter: "20")
            let stale = try await provider.search(near: Self.london, query: nil, page: 1)
            #expect(stale.results == fresh.results)
        }
    }

    @Test("A 429 then success is retried")
    func retried() async throws {
        let fake = FakeTicketmaster()
        try await withProvider(fake) { provider, _ in
            fake.mode = .failNext(count: 2, status: 429, retryAfter: "0")
            let page = try await provider.search(near: Self.london, query: nil, page: 1)
            #expect(page.results.count == 5)
            #expect(fake.calls.count == 3)
        }
    }

    @Test("With the day's 5,000 calls spent: the cache, or 503 with the seconds to midnight UTC")
    func dailyBudget() async throws {
        let fake = FakeTicketmaster()
        let clock = TestClock()
        try await withProvider(fake, clock: clock, dailyLimit: 1) { provider, _ in
            _ = try await provider.search(near: Self.london, query: nil, page: 1)
            let error = await #expect(throws: DomainError.self) { try await provider.event(id: "G5vFZ4qT1xAbC") }
            #expect(error?.code == .eventsUnavailable && error?.retryAfterSeconds == 35_200)
            clock.advance(by: 700)
            let stale = try await provider.search(near: Self.london, query: nil, page: 1)
            #expect(stale.results.count == 5)
            #expect(fake.calls.count == 1)
        }
    }

    @Test("A wrong key: events.upstream_unavailable, and nothing about the key in the message")
    func wrongKey() async throws {
        let fake = FakeTicketmaster()
        try await withProvider(fake, apiKey: "not-the-key") { provider, _ in
            let error = await #expect(throws: DomainError.self) {
                try await provider.search(near: Self.london, query: nil, page: 1)
            }
            #expect(error?.code == .eventsUnavailable)
            #expect(error?.message.contains("not-the-key") == false)
            #expect(fake.calls.count == 1, "a 401 is not retried")
        }
    }

    @Test("The policy keeps to Ticketmaster's 5 requests a second and 5,000 a day")
    func policy() {
        let policy = TicketmasterProvider.policy(UpstreamFetcher.Policy())
        #expect(policy.requestsPerSecond == 5 && policy.dailyLimit == 5_000)
    }
}
