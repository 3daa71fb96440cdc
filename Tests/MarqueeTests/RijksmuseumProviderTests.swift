import AsyncHTTPClient
import Foundation
import Logging
import MarqueeArt
import MarqueeCore
import MarqueeStore
import MarqueeUpstream
import MarqueeWire
import Testing

/// The live Rijksmuseum source against a local fake of its search and Linked Art services: the chain from search
/// to IIIF image, works without an image left out, memory in front of the cache, 429s, and the fallback to the
/// embedded sample.
@Suite("Rijksmuseum source")
struct RijksmuseumProviderTests {
    /// An upstream cache that counts reads, to show which requests reach it.
    actor CountingCache: UpstreamCacheStore {
        private let store = InMemoryUpstreamCacheStore()
        private(set) var reads: [String] = []

        func response(for key: String) async throws -> CachedResponse? {
            reads.append(key)
            return await store.response(for: key)
        }

        func store(_ response: CachedResponse, for key: String) async throws {
            await store.store(response, for: key)
        }

        func removeResponses(fetchedBefore date: Date) async throws -> Int {
            await store.removeResponses(fetchedBefore: date)
        }

        func touch(_ key: String, at date: Date) async throws {}

        func trim(toBytes bytes: Int) async throws -> Int { 0 }

        func forgetReads() { reads = [] }
    }

    /// The provider on the fake at `searchURL` and `idURL`, retrying at once, as the server builds it.
    static func provider(
        _ searchURL: String, _ idURL: String, cache: any UpstreamCacheStore = InMemoryUpstreamCacheStore(),
        highlights: [String] = [], tune: (inout UpstreamFetcher.Policy) -> Void = { _ in }
    ) -> RijksmuseumProvider {
        var policy = UpstreamFetcher.Policy()
        policy.retryBaseDelay = .milliseconds(2)
        // Upstream calls are counted: a loaded machine must not turn a slow answer into a second call.
        policy.timeout = .seconds(60)
        tune(&policy)
        let clock = TestClock()
        let fetcher = UpstreamFetcher(
            name: "The Rijksmuseum", transport: AsyncHTTPClientTransport(client: .shared), cache: cache,
            policy: policy, logger: Logger(label: "test"), unavailable: .artUnavailable, now: clock.closure)
        return RijksmuseumProvider(
            searchURL: searchURL, idURL: idURL, fetcher: fetcher, highlights: highlights,
            logger: Logger(label: "test"), now: clock.closure)
    }

    @Test("A search page: the makers' hits through object, visual item and digital object; no image, no tile")
    func searchPage() async throws {
        let fake = FakeRijksmuseum()
        try await fake.run { searchURL, idURL in
            let page = try await Self.provider(searchURL, idURL).search(query: "Rembrandt", page: 1)
            #expect(page.results.map(\.id) == ["SK-C-5", "SK-A-4050", "RP-T-0000-1(V)"], "SK-A-0000-2 has no image")
            #expect(page.totalResults == 4 && page.totalPages == 1 && page.source == "rijksmuseum")
            let nightWatch = try #require(page.results.first)
            #expect(nightWatch.title == "The Night Watch" && nightWatch.maker == "Rembrandt van Rijn")
            #expect(nightWatch.date == "1642")
            #expect(nightWatch.thumbnailURL == "https://iiif.micr.io/FAKE1/full/400,/0/default.jpg")
            #expect(nightWatch.imageURL == "https://iiif.micr.io/FAKE1/full/1600,/0/default.jpg")
            #expect(page.results[1].imageURL == "https://iiif.micr.io/FAKE2/full/1600,/0/default.jpg", "inline")
            #expect(fake.searchCalls.count == 2, "by maker and by title, once each")
            #expect(fake.searchCalls.allSatisfy { $0.contains("imageAvailable=true") })
            #expect(fake.documentCalls.count == 9, "3 + 2 (digital object inline) + 3 + 1 (no image to follow)")
        }
    }

    @Test("\"night watch\" finds it by title; a query matching nothing is an empty page")
    func byTitle() async throws {
        try await FakeRijksmuseum().run { searchURL, idURL in
            let provider = Self.provider(searchURL, idURL)
            #expect(try await provider.search(query: "night watch", page: 1).results.map(\.id) == ["SK-C-5"])
            let none = try await provider.search(query: "no such work", page: 1)
            #expect(none.results.isEmpty && none.totalResults == 0 && none.totalPages == 1)
        }
    }

    @Test("The search's pages are followed by their token until a page of ours is full")
    func upstreamPages() async throws {
        let fake = FakeRijksmuseum(pageSize: 2)
        try await fake.run { searchURL, idURL in
            let page = try await Self.provider(searchURL, idURL).search(query: "rembrandt", page: 1)
            #expect(page.results.map(\.id) == ["SK-C-5", "SK-A-4050", "RP-T-0000-1(V)"])
            #expect(fake.searchCalls.contains { $0.contains("creator=rembrandt") && $0.contains("pageToken=offset-2") })
        }
    }

    @Test("A page whose works are all known costs no cache reads beyond the search itself")
    func fromMemory() async throws {
        let fake = FakeRijksmuseum()
        let cache = CountingCache()
        try await fake.run { searchURL, idURL in
            let provider = Self.provider(searchURL, idURL, cache: cache)
            let first = try await provider.search(query: "rembrandt", page: 1)
            let calls = fake.calls.count
            await cache.forgetReads()
            let again = try await provider.search(query: "rembrandt", page: 1)
            #expect(again == first && fake.calls.count == calls)
            let reads = await cache.reads
            #expect(reads.count == 2 && reads.allSatisfy { $0.hasPrefix("rijksmuseum:search?") }, "\(reads)")
        }
    }

    @Test("A work's details by object number: search, then the chain; parentheses and Dutch-only objects too")
    func details() async throws {
        let fake = FakeRijksmuseum()
        try await fake.run { searchURL, idURL in
            let provider = Self.provider(searchURL, idURL)
            let work = try await provider.artwork(id: "SK-C-5")
            #expect(work.title == "The Night Watch" && work.makers == ["Rembrandt van Rijn"])
            #expect(work.dating == ArtworkDetails.Dating(text: "1642", beginYear: 1642, endYear: 1642))
            #expect(work.place == "Amsterdam" && work.objectType == "painting")
            #expect(work.materials == ["canvas", "oil paint"])
            #expect(work.dimensions == ["height 379.5 cm x width 453.5 cm"])
            #expect(work.description?.hasPrefix("A militia company") == true)
            #expect(work.creditLine == "On loan from the City of Amsterdam")
            #expect(work.webURL == "https://www.rijksmuseum.nl/en/collection/SK-C-5" && work.source == "rijksmuseum")
            #expect(fake.searchCalls.last?.hasSuffix("?objectNumber=SK-C-5") == true)
            let drawing = try await provider.artwork(id: "RP-T-0000-1(V)")
            #expect(drawing.title == "Oude man in een leunstoel" && drawing.description == nil)
            #expect(drawing.imageURL == "https://iiif.micr.io/FAKE3/full/1600,/0/default.jpg")
            let calls = fake.calls.count
            _ = try await provider.artwork(id: "SK-C-5")
            #expect(fake.calls.count == calls, "from memory")
        }
    }

    @Test("Unknown object numbers are art.not_found; impossible ones art.bad_id, without a call")
    func notFound() async throws {
        let fake = FakeRijksmuseum()
        try await fake.run { searchURL, idURL in
            let provider = Self.provider(searchURL, idURL)
            let missing = await #expect(throws: DomainError.self) { try await provider.artwork(id: "SK-X-404") }
            #expect(missing?.code == .artworkNotFound)
            let calls = fake.calls.count
            let bad = await #expect(throws: DomainError.self) { try await provider.artwork(id: "SK C 5") }
            #expect(bad?.code == .badArtworkID && fake.calls.count == calls)
        }
    }

    @Test("The museum answering 429: retried, then art.upstream_unavailable")
    func rateLimited() async throws {
        let fake = FakeRijksmuseum()
        fake.isRateLimited = true
        try await fake.run { searchURL, idURL in
            let error = await #expect(throws: DomainError.self) {
                try await Self.provider(searchURL, idURL).search(query: "rembrandt", page: 1)
            }
            #expect(error?.code == .artUnavailable)
            #expect(fake.searchCalls.count == 2 * UpstreamFetcher.Policy().maxAttempts, "each search, each attempt")
        }
    }

    @Test("An anonymous caller is charged for the searches, not for the chain of each tile")
    func anonymousCharge() async throws {
        try await FakeRijksmuseum().run { searchURL, idURL in
            let provider = Self.provider(searchURL, idURL) { policy in
                policy.anonymousPerAddressBurst = 2
                policy.anonymousPerAddressPerSecond = 0.01
            }
            let caller = UpstreamCaller(address: "192.0.2.7", isSignedIn: { false })
            let page = try await UpstreamCaller.$current.withValue(caller) {
                try await provider.search(query: "rembrandt", page: 1)
            }
            #expect(page.results.count == 3, "nine document calls after the two searches, none refused")
            let next = await #expect(throws: DomainError.self) {
                try await UpstreamCaller.$current.withValue(caller) {
                    try await provider.search(query: "vermeer", page: 1)
                }
            }
            #expect(next?.code == .artUnavailable && next?.retryAfterSeconds != nil, "the share is spent")
        }
    }

    @Test("The museum unreachable: the embedded sample answers, flagged, with placeholders for images")
    func fallback() async throws {
        let fake = FakeRijksmuseum()
        fake.isRateLimited = true
        try await fake.run { searchURL, idURL in
            let sample = try EmbeddedSample.embedded()
            let live = Self.provider(searchURL, idURL, highlights: sample.highlights)
            let embedded = EmbeddedArt(
                sample: sample, images: live, placeholders: ArtPlaceholders(baseURL: PublicBaseURL("https://m.test")))
            let service = ArtService(live: live, embedded: embedded)
            let page = try await service.search(query: "rembrandt", page: 1)
            #expect(page.source == "embedded" && page.liveSearchUnavailable)
            #expect(page.results.contains { $0.id == "SK-C-5" })
            #expect(page.results.allSatisfy { $0.imageURL?.hasPrefix("https://m.test/images/placeholder/") == true })
            // Image lookups of the sample's works may still be finishing; the museum's search is left alone.
            let queries = { fake.searchCalls.filter { !$0.contains("objectNumber=") }.count }
            let searches = queries()
            let again = try await service.search(query: "night watch", page: 1)
            #expect(again.liveSearchUnavailable && again.results.map(\.id) == ["SK-C-5"])
            #expect(queries() == searches, "the museum is left alone for a while")
            let work = try await service.artwork(id: "SK-C-5")
            #expect(work.source == "embedded" && work.title.hasPrefix("Night Watch"))
            let unknown = await #expect(throws: DomainError.self) { try await service.artwork(id: "SK-X-404") }
            #expect(unknown?.code == .artUnavailable)
        }
    }

    @Test("An empty query gives the highlights, resolved by object number, in order")
    func highlights() async throws {
        try await FakeRijksmuseum().run { searchURL, idURL in
            let provider = Self.provider(searchURL, idURL, highlights: ["SK-A-2344", "SK-A-0000-2", "SK-C-5"])
            let page = try await provider.search(query: "", page: 1)
            #expect(page.results.map(\.id) == ["SK-A-2344", "SK-C-5"], "the work without an image left out")
            #expect(page.totalResults == 3 && page.source == "rijksmuseum")
        }
    }
}
