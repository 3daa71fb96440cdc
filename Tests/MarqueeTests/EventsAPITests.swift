import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeServer
import MarqueeUpstream
import MarqueeWire
import Synchronization
import Testing

/// `/api/v1/events` through the whole server: against a local fake Ticketmaster when the server has a key, and the
/// demo programme when it has none.
@Suite("Events API")
struct EventsAPITests {
    /// Runs a server whose events come from `fake`.
    func withTicketmaster(
        _ fake: FakeTicketmaster, clock: TestClock = TestClock(),
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await fake.run { baseURL in
            var settings = try TestSettings.make([
                "ticketmaster.apiKey": FakeTicketmaster.apiKey, "ticketmaster.baseURL": baseURL,
            ])
            settings.tuning.ticketmasterPolicy.retryBaseDelay = .milliseconds(2)
            // Upstream calls are counted: a loaded machine must not turn a slow answer into a second call.
            settings.tuning.ticketmasterPolicy.timeout = .seconds(60)
            var dependencies = AppDependencies.forTests
            dependencies.now = clock.closure
            try await withMarquee(settings, dependencies: dependencies, body)
        }
    }

    @Test("Events near a typed place: resolved through the city index, from Ticketmaster, the key never shown")
    func nearAPlace() async throws {
        let fake = FakeTicketmaster()
        try await withTicketmaster(fake) { client in
            let answer = try await client.get("/api/v1/events?place=London")
            #expect(answer.status == .ok, "\(answer.text)")
            let page = try answer.decode(EventsPage.self)
            #expect(page.place.id == 2_643_743 && page.source == .ticketmaster && page.results.count == 5)
            #expect(page.results.allSatisfy { $0.mediaType == "event" })
            #expect(!answer.text.contains(FakeTicketmaster.apiKey))
            let call = try #require(fake.calls.first)
            #expect(call.contains("geoPoint=gcpvj") && call.contains("radius=50"))

            // The same place by its GeoNames id, with a keyword.
            let byID = try await client.get("/api/v1/events?place=2643743&q=record")
            #expect(try byID.decode(EventsPage.self).results.map(\.name) == ["Second-hand Record Fair"])

            let event = try await client.get("/api/v1/events/G5vFZ4qT1xAbC")
            #expect(event.status == .ok)
            let details = try event.decode(EventDetails.self)
            #expect(!details.priceRanges.isEmpty && details.ticketURL != nil && details.status == .onSale)
            #expect(!event.text.contains(FakeTicketmaster.apiKey))
            let unpriced = try await client.get("/api/v1/events/vvG1bZ7Qm2pXy9")
            #expect(try unpriced.decode(EventDetails.self).priceRanges.isEmpty, "prices not published")
        }
    }

    @Test("Bad input: no place, a place nobody knows, a long query, a bad page, an unknown event")
    func refusals() async throws {
        let fake = FakeTicketmaster()
        try await withTicketmaster(fake) { client in
            for (uri, status, code) in [
                ("/api/v1/events", 400, "events.unknown_place"),
                ("/api/v1/events?place=%20", 400, "events.unknown_place"),
                ("/api/v1/events?place=Qqxxzzyv", 400, "events.unknown_place"),
                ("/api/v1/events?place=999999999", 400, "events.unknown_place"),
                ("/api/v1/events?place=London&q=\(String(repeating: "a", count: 101))", 400, "catalog.bad_query"),
                ("/api/v1/events?place=London&page=0", 400, "request.bad_page"),
                ("/api/v1/events?place=London&page=51", 400, "request.bad_page"),
                ("/api/v1/events?place=London&sort=name", 400, "request.unknown_parameter"),
                ("/api/v1/events/NoSuchEvent1", 404, "events.not_found"),
                ("/api/v1/events/..%2F..%2Fetc", 404, "events.not_found"),
            ] {
                let answer = try await client.get(uri)
                #expect(Int(answer.status.code) == status, "\(uri): \(answer.text)")
                #expect(try answer.errorCode() == code, "\(uri)")
            }
            #expect(fake.calls.count == 1, "only the unknown event reached Ticketmaster: \(fake.calls)")
        }
    }

    @Test("A hundred requests at once for an event not cached make one call to Ticketmaster")
    func coalesced() async throws {
        let fake = FakeTicketmaster()
        try await withTicketmaster(fake) { client in
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<100 { group.addTask { try await client.get("/api/v1/events/G5vFZ4qT1xAbC").status } }
                for try await status in group { #expect(status == .ok) }
            }
            #expect(fake.callCount("/discovery/v2/events/G5vFZ4qT1xAbC.json") == 1)
        }
    }

    @Test("Ticketmaster answering 429: 503 events.upstream_unavailable with Retry-After, or what is cached")
    func rateLimited() async throws {
        let fake = FakeTicketmaster()
        let clock = TestClock()
        try await withTicketmaster(fake, clock: clock) { client in
            #expect(try await client.get("/api/v1/events/G5vFZ4qT1xAbC").status == .ok)
            fake.mode = .down(status: 429, retryAfter: "30")
            let refused = try await client.get("/api/v1/events/Z7r9jZ1AdkLm3")
            #expect(refused.status == .serviceUnavailable)
            #expect(try refused.errorCode() == "events.upstream_unavailable")
            #expect(refused.headers[.retryAfter] == "30")
            // An hour and more later the cached event is stale, and still served while Ticketmaster refuses.
            clock.advance(by: 2 * 3_600)
            let cached = try await client.get("/api/v1/events/G5vFZ4qT1xAbC")
            #expect(cached.status == .ok)
        }
    }

    @Test("Without a key: the demo programme, every event marked, in the largest cities; ids open for ever")
    func demo() async throws {
        let clock = TestClock()
        var dependencies = AppDependencies.forTests
        dependencies.now = clock.closure
        try await withMarquee(try TestSettings.make(), dependencies: dependencies) { client in
            let answer = try await client.get("/api/v1/events?place=Shanghai")
            let page = try answer.decode(EventsPage.self)
            #expect(page.source == .demo && !page.results.isEmpty)
            #expect(page.results.allSatisfy { $0.source == .demo && $0.city == "Shanghai" && !$0.ended })
            let first = try #require(page.results.first)
            let event = try await client.get("/api/v1/events/\(first.id)")
            let details = try event.decode(EventDetails.self)
            #expect(details.ticketURL == "/events/\(first.id)/demo-tickets" && !details.priceRanges.isEmpty)
            let nowhere = try await client.get("/api/v1/events?place=Reykjavik")
            #expect(try nowhere.decode(EventsPage.self).results.isEmpty, "the demo programme plays elsewhere")

            // Saved as a favourite, it stays, and reads as ended once its day has passed.
            let guest = try await BrowserSession.guest(client)
            let saved = try await guest.send(
                client, "/api/v1/me/items/favorites/event/\(first.id)", .put,
                #"{"snapshot":{"title":"A demo evening","extra":{"local_date":"\#(first.start.localDate ?? "")"}}}"#)
            #expect(saved.status == .created, "\(saved.text)")
            clock.advance(by: 20 * 86_400)
            let later = try await client.get("/api/v1/events/\(first.id)")
            #expect(try later.decode(EventDetails.self).ended)
            let favourites = try await client.send(
                "/favorites?kind=event", method: .get, headers: [.cookie: guest.cookie, .accept: "text/html"])
            #expect(favourites.status == .ok)
            #expect(favourites.text.contains(#"<span class="badge">Ended</span>"#), "the favourite says it ended")
        }
    }
}
