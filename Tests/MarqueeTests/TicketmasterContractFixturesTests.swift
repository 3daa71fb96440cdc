import Foundation
import MarqueeWire
import Testing

@testable import MarqueeEvents

/// The Discovery v2 decoder against real answers recorded by Ticketmaster's JavaScript SDK
/// (../shared/contract-fixtures/ticketmaster/sdk-javascript/discovery-v2/event, nock recordings from 2016): older
/// shapes, events without venues, prices or a time, empty statuses, fields Marquee does not read. Runs only where the
/// recordings are present; nothing is copied.
@Suite(
    "Ticketmaster contract fixtures",
    .enabled(if: ContractFixtures.root != nil, "../shared/contract-fixtures is not present"))
struct TicketmasterContractFixturesTests {
    /// After every recorded event.
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// The recorded response of `file`, and its HTTP status.
    func recording(_ file: String) throws -> (status: Int, body: Data) {
        let url = try #require(ContractFixtures.root).appending(
            path: "ticketmaster/sdk-javascript/discovery-v2/event/" + file)
        let recordings = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]])
        let first = try #require(recordings.first)
        let response = try #require(first["response"])
        return (first["status"] as? Int ?? 0, try JSONSerialization.data(withJSONObject: response))
    }

    func search(_ file: String) throws -> TicketmasterSearch {
        let recorded = try recording(file)
        #expect(recorded.status == 200)
        return try JSONDecoder().decode(TicketmasterSearch.self, from: recorded.body)
    }

    @Test("A page of twenty events, every one read, whatever it lacks")
    func all() throws {
        let page = try search("all-200.json")
        #expect(page.events.count == 20)
        #expect(page.page?.size == 20 && page.page?.number == 0)
        #expect((page.page?.totalPages ?? 0) > TicketmasterProvider.maxPage, "more pages than can be asked for")
        let summaries = page.events.map { $0.summary(now: Self.now) }
        #expect(summaries.allSatisfy { !$0.name.isEmpty && !$0.id.isEmpty && $0.ended })
        #expect(summaries.contains { $0.venue == nil }, "some events have no _embedded venues")
        #expect(summaries.contains { $0.status == nil }, "one event's status is empty")
        #expect(summaries.filter { $0.imageURL != nil }.allSatisfy { $0.imageURL?.contains("16_9") == true })
        for summary in summaries {
            #expect(summary.city.map { $0 == $0.trimmingCharacters(in: .whitespaces) } ?? true)
            #expect(summary.start.localTime.map { $0.count == 5 } ?? true)
        }
        let details = page.events.map { $0.details(now: Self.now) }
        #expect(details.contains { $0.priceRanges.isEmpty }, "some events publish no prices")
        #expect(details.contains { !$0.priceRanges.isEmpty })
        #expect(details.allSatisfy { $0.genre != "Undefined" && $0.segment != "Undefined" })
    }

    @Test("An event whose time is to be announced has its date, and no time")
    func timeToBeAnnounced() throws {
        let event = try #require(try search("all-200.json").events.first { $0.id == "1Ae7ZfdGkSp307Y" })
        let start = event.start
        #expect(start.localDate != nil && start.localTime == nil && start.dateTime == nil)
        #expect(start.timeToBeAnnounced)
    }

    @Test("The options page (page 2, 5 a page): its place among all pages, prices in pesos")
    func options() throws {
        let page = try search("all-200-options.json")
        #expect(page.events.count == 5 && page.page?.size == 5 && page.page?.number == 2)
        let details = page.events.map { $0.details(now: Self.now) }
        #expect(details.allSatisfy { $0.priceRanges.first?.currency == "MXN" && $0.status == .onSale })
        #expect(details.allSatisfy { $0.countryCode == "MX" && $0.start.timezone == "America/Mexico_City" })
    }

    @Test("One event in full: venue address, prices, segment (its genre Undefined is left out), status off sale")
    func find() throws {
        let recorded = try recording("find-200.json")
        let details = try JSONDecoder().decode(TicketmasterEvent.self, from: recorded.body).details(now: Self.now)
        #expect(details.id == "vv17FZfdGkSrrMju" && details.ended)
        #expect(details.status == .offSale && details.segment == "Music" && details.genre == nil)
        #expect(details.priceRanges.count == 1 && details.priceRanges.first?.currency == "USD")
        #expect(details.priceRanges.allSatisfy { $0.min <= $0.max })
        #expect(!details.addressLines.isEmpty && details.postalCode != nil && details.region != nil)
        #expect(details.countryCode == "US" && details.start.timezone == "America/New_York")
        #expect(details.start.localTime?.count == 5 && details.start.dateTime != nil)
        #expect(details.imageURL?.contains("16_9") == true && details.ticketURL != nil && details.info != nil)
        #expect(details.seatMapURL == nil, "2016 answers have no seat map")
    }

    @Test("An unknown id: a 404 whose body is no event")
    func notFound() throws {
        let recorded = try recording("find-404.json")
        #expect(recorded.status == 404)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TicketmasterEvent.self, from: recorded.body) }
    }

    @Test("An event's pictures: every 16:9 one is a fallback, so there is no picture")
    func images() throws {
        let recorded = try recording("findImages-200.json")
        let event = try JSONDecoder().decode(TicketmasterEvent.self, from: recorded.body)
        #expect((event.images ?? []).count > 5)
        #expect(event.bestImageURL == nil)
    }
}
