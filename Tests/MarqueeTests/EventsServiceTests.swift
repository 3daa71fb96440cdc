import Foundation
import MarqueeCore
import MarqueeSaved
import MarqueeWire
import Testing

@testable import MarqueeEvents

/// `EventsService`: which source answers, its credit line, and favourites' snapshots of events.
@Suite("Events service")
struct EventsServiceTests {
    /// A live source that knows one event and finds nothing.
    struct StubLive: EventsProvider {
        var source: EventSource { .ticketmaster }

        func search(near place: City, query: String?, page: Int) async throws -> EventsPage {
            EventsPage(page: page, results: [], totalPages: 1, totalResults: 0, place: place, source: .ticketmaster)
        }

        func event(id: String) async throws -> EventDetails {
            guard id == "G5vFZ4qT1xAbC" else { throw DomainError(.eventNotFound, "No such event.") }
            return EventDetails(
                EventSummary(
                    id: id, name: "Live", source: .ticketmaster,
                    start: EventStart(localDate: nil, localTime: nil, dateTime: nil, timezone: nil)))
        }
    }

    static let now = DemoProgrammeTests.now
    static let demo = DemoProgramme(cities: DemoProgrammeTests.cities, now: { now })

    @Test("Without a key: the demo programme, credited as fictional")
    func demoOnly() async throws {
        let service = EventsService(live: nil, demo: Self.demo)
        #expect(service.source == .demo)
        #expect(service.attribution == "Demo programme: fictional events written for Marquee")
        let page = try await service.search(near: DemoProgrammeTests.cities[0], query: nil, page: 1)
        #expect(page.source == .demo && !page.results.isEmpty)
        let id = try #require(page.results.first?.id)
        #expect(try await service.event(id: id).source == .demo)
        await #expect(throws: DomainError.self) { try await service.event(id: "G5vFZ4qT1xAbC") }
    }

    @Test("With a key: Ticketmaster, credited; demo ids saved before still open from the demo programme")
    func live() async throws {
        let service = EventsService(live: StubLive(), demo: Self.demo)
        #expect(service.source == .ticketmaster && service.attribution == "Event data by Ticketmaster")
        let page = try await service.search(near: DemoProgrammeTests.cities[0], query: nil, page: 1)
        #expect(page.source == .ticketmaster)
        #expect(try await service.event(id: "G5vFZ4qT1xAbC").name == "Live")
        let demoID = try #require(Self.demo.programme().first?.id)
        #expect(try await service.event(id: demoID).source == .demo)
    }

    @Test("A saved event's snapshot passes the item rules and tells when the event has ended")
    func snapshot() throws {
        let event = try #require(Self.demo.programme().first)
        let snapshot = event.summary.savedSnapshot
        #expect(try ItemRules.snapshot(snapshot) == snapshot)
        #expect(snapshot.title == event.name && snapshot.subtitle == "\(event.venue ?? ""), \(event.city ?? "")")
        #expect(snapshot.extra?["source"] == "demo" && snapshot.extra?["local_date"] == event.start.localDate)
        #expect(!snapshot.eventHasEnded(now: Self.now))
        #expect(snapshot.eventHasEnded(now: Self.now.addingTimeInterval(30 * 86_400)))
        #expect(!ItemSnapshot(title: "Kept without a start").eventHasEnded(now: Self.now))

        let long = EventSummary(
            id: "x", name: String(repeating: "n", count: 400), source: .ticketmaster,
            start: EventStart(localDate: "2026-10-03", localTime: "19:30", dateTime: nil, timezone: "Europe/London"),
            venue: String(repeating: "v", count: 300), city: "London")
        #expect(try ItemRules.snapshot(long.savedSnapshot).title.count == 300)
    }
}
