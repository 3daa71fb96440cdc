import Foundation
import MarqueeWire
import Testing

@testable import MarqueeEvents

/// Reading Discovery v2's shapes (our own fixtures, `Fixtures/ticketmaster`) into Marquee's events: a page without
/// `_embedded`, events without `priceRanges`, without a time (TBA), without a venue, the best picture, statuses.
@Suite("Ticketmaster decoding")
struct TicketmasterDecodingTests {
    /// 2026-09-21T14:13:20Z, before every fixture event.
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    func page(_ file: String) throws -> TicketmasterSearch {
        try JSONDecoder().decode(TicketmasterSearch.self, from: Fixtures.data("ticketmaster/" + file))
    }

    func event(_ id: String) throws -> TicketmasterEvent {
        try #require(try page("events-near.json").events.first { $0.id == id })
    }

    func decode(_ json: String) throws -> TicketmasterEvent {
        try JSONDecoder().decode(TicketmasterEvent.self, from: Data(json.utf8))
    }

    @Test("A page of events, and where it stands among all of them")
    func searchPage() throws {
        let page = try page("events-near.json")
        #expect(page.events.count == 5)
        #expect(page.page?.totalElements == 5 && page.page?.totalPages == 1 && page.page?.number == 0)
    }

    @Test("An answer with no _embedded is an empty page")
    func noEmbedded() throws {
        let page = try page("events-none.json")
        #expect(page.events.isEmpty && page.page?.totalElements == 0)
        #expect(try JSONDecoder().decode(TicketmasterSearch.self, from: Data("{}".utf8)).events.isEmpty)
    }

    @Test("A complete event: the widest own 16:9 picture, local start and instant, venue, city, status")
    func complete() throws {
        let summary = try event("G5vFZ4qT1xAbC").summary(now: Self.now)
        #expect(summary.name == "The Saltmarsh Ensemble: Winter Songs" && summary.source == .ticketmaster)
        #expect(summary.imageURL == "https://images.example.com/saltmarsh-16x9-2048.jpg", "not the wider fallback")
        #expect(summary.start.localDate == "2026-10-03" && summary.start.localTime == "19:30")
        #expect(summary.start.dateTime == RFC3339.date("2026-10-03T18:30:00Z"))
        #expect(summary.start.timezone == "Europe/London")
        #expect(!summary.start.timeToBeAnnounced && !summary.start.dateToBeAnnounced)
        #expect(summary.venue == "Quayside Music Hall" && summary.city == "London" && summary.countryCode == "GB")
        #expect(summary.status == .onSale && !summary.ended)
    }

    @Test("The event's own page: prices, ticket link, primary genre, address, seat map, notes")
    func details() throws {
        let data = try Fixtures.data("ticketmaster/event-G5vFZ4qT1xAbC.json")
        let details = try JSONDecoder().decode(TicketmasterEvent.self, from: data).details(now: Self.now)
        #expect(
            details.priceRanges == [
                EventDetails.PriceRange(min: 18.5, max: 42, currency: "GBP"),
                EventDetails.PriceRange(min: 21, max: 47.5, currency: "GBP"),
            ])
        #expect(details.ticketURL == "https://tickets.example.com/event/G5vFZ4qT1xAbC")
        #expect(details.genre == "Folk" && details.segment == "Music", "the primary classification")
        #expect(details.addressLines == ["12 Ropewalk Lane", "Wapping"] && details.postalCode == "E1W 9ZZ")
        #expect(details.region == "Greater London" && details.country == "Great Britain")
        #expect(details.seatMapURL == "https://maps.example.com/seatmaps/quayside-music-hall.gif")
        #expect(details.info?.hasPrefix("An evening of winter songs") == true)
        #expect(details.pleaseNote?.hasPrefix("Doors open") == true)
        #expect(details.summary.id == "G5vFZ4qT1xAbC")
    }

    @Test("No priceRanges: prices not published (an empty list); no 16:9 picture: none at all")
    func noPrices() throws {
        let details = try event("vvG1bZ7Qm2pXy9").details(now: Self.now)
        #expect(details.priceRanges.isEmpty)
        #expect(details.imageURL == nil)
        #expect(details.status == .cancelled)
        #expect(details.seatMapURL == nil && details.info == nil)
    }

    @Test("No dateTime, time to be announced: the date alone; a price range with one bound")
    func timeToBeAnnounced() throws {
        let details = try event("Z7r9jZ1AdkLm3").details(now: Self.now)
        #expect(details.start.localDate == "2026-11-14")
        #expect(details.start.localTime == nil && details.start.dateTime == nil)
        #expect(details.start.timeToBeAnnounced && !details.start.dateToBeAnnounced)
        #expect(details.status == .postponed)
        #expect(details.priceRanges == [EventDetails.PriceRange(min: 12, max: 12, currency: "GBP")])
        #expect(details.imageURL == "https://images.example.com/rollers-16x9-1024.jpg")
    }

    @Test("No _embedded venue, no time zone, fallback pictures only")
    func noVenue() throws {
        let summary = try event("1AeZk7Gz9QpR_x").summary(now: Self.now)
        #expect(summary.venue == nil && summary.city == nil && summary.countryCode == nil)
        #expect(summary.start.timezone == nil && summary.start.localTime == "18:00")
        #expect(summary.imageURL == nil, "every 16:9 picture is a fallback")
        #expect(summary.status == .rescheduled)
    }

    @Test("Numbers and flags written as strings are read; Undefined genres and blank lines are left out")
    func lenient() throws {
        let details = try event("Z698xZ2qZ1-Abc").details(now: Self.now)
        #expect(details.imageURL == "https://images.example.com/records-16x9-1136.jpg")
        #expect(details.priceRanges == [EventDetails.PriceRange(min: 5, max: 5, currency: "GBP")])
        #expect(details.genre == nil && details.segment == "Miscellaneous")
        #expect(details.venue == "Old Corn Exchange" && details.city == "London" && details.countryCode == "GB")
        #expect(details.addressLines == ["1 Granary Yard"])
        #expect(details.status == .offSale)
    }

    @Test("One event that cannot be read is left out of its page, not the whole page")
    func unreadableEvent() throws {
        let json = #"{"_embedded":{"events":[{"name":"No id"},{"id":"Ok1","name":"Fine"}]},"page":{"totalElements":2}}"#
        let page = try JSONDecoder().decode(TicketmasterSearch.self, from: Data(json.utf8))
        #expect(page.events.map(\.id) == ["Ok1"])
    }

    @Test(
        "Status codes",
        arguments: [
            ("onsale", EventStatus.onSale), ("offsale", .offSale), ("cancelled", .cancelled), ("canceled", .cancelled),
            ("postponed", .postponed), ("rescheduled", .rescheduled), ("OnSale", .onSale),
        ])
    func status(code: String, status: EventStatus) throws {
        #expect(try decode(#"{"id":"a","dates":{"status":{"code":"\#(code)"}}}"#).status == status)
    }

    @Test("A missing or unknown status is none")
    func unknownStatus() throws {
        #expect(try decode(#"{"id":"a","dates":{"status":{}}}"#).status == nil)
        #expect(try decode(#"{"id":"a","dates":{"status":{"code":"sold-to-the-moon"}}}"#).status == nil)
        #expect(try decode(#"{"id":"a"}"#).status == nil)
    }

    @Test("The best picture: 16:9, at least 640 wide, not a fallback, the widest")
    func bestImage() throws {
        let event = try decode(
            #"""
            {"id":"a","images":[
              {"ratio":"16_9","url":"https://i.example.com/639.jpg","width":639,"fallback":false},
              {"ratio":"4_3","url":"https://i.example.com/4x3.jpg","width":4000,"fallback":false},
              {"ratio":"16_9","url":"https://i.example.com/640.jpg","width":640,"fallback":false},
              {"ratio":"16_9","url":"https://i.example.com/1024.jpg","width":1024},
              {"ratio":"16_9","url":"https://i.example.com/fallback.jpg","width":2048,"fallback":true},
              {"ratio":"16_9","width":3000,"fallback":false},
              {"ratio":"16_9","url":"https://i.example.com/odd.jpg","width":{"px":5000},"fallback":false}
            ]}
            """#)
        #expect(event.bestImageURL == "https://i.example.com/1024.jpg")
        #expect(try decode(#"{"id":"a","images":[]}"#).bestImageURL == nil)
        #expect(try decode(#"{"id":"a"}"#).bestImageURL == nil)
    }

    @Test("A date to be announced: no date, no time, even when Ticketmaster fills them in")
    func dateToBeAnnounced() throws {
        let start = try decode(
            #"{"id":"a","dates":{"start":{"localDate":"2099-01-01","localTime":"00:00:00","dateTBA":true}}}"#
        ).start
        #expect(start.localDate == nil && start.localTime == nil && start.dateTime == nil)
        #expect(start.dateToBeAnnounced && !start.timeToBeAnnounced)
    }

    @Test("Ended: the venue's date is past there; without a date, six hours after the start")
    func ended() {
        let now = Self.now  // 2026-09-21T14:13:20Z: 2026-09-22 on Kiritimati, still 2026-09-21 in Los Angeles
        #expect(EventTiming.hasEnded(localDate: "2026-09-20", timezone: "Europe/London", dateTime: nil, now: now))
        #expect(!EventTiming.hasEnded(localDate: "2026-09-21", timezone: "Europe/London", dateTime: nil, now: now))
        #expect(EventTiming.hasEnded(localDate: "2026-09-21", timezone: "Pacific/Kiritimati", dateTime: nil, now: now))
        #expect(
            !EventTiming.hasEnded(localDate: "2026-09-21", timezone: "America/Los_Angeles", dateTime: nil, now: now))
        #expect(!EventTiming.hasEnded(localDate: "2026-09-21", timezone: nil, dateTime: nil, now: now))
        #expect(EventTiming.hasEnded(localDate: "2026-09-19", timezone: nil, dateTime: nil, now: now))
        #expect(
            EventTiming.hasEnded(localDate: nil, timezone: nil, dateTime: now.addingTimeInterval(-7 * 3_600), now: now))
        #expect(
            !EventTiming.hasEnded(localDate: nil, timezone: nil, dateTime: now.addingTimeInterval(-5 * 3_600), now: now)
        )
        #expect(!EventTiming.hasEnded(localDate: nil, timezone: nil, dateTime: nil, now: now))
        #expect(!EventTiming.hasEnded(localDate: "soon", timezone: "Europe/London", dateTime: nil, now: now))
    }

    @Test("The wire form: snake_case, RFC 3339 instants, read back the same")
    func wireForm() throws {
        let details = try event("G5vFZ4qT1xAbC").details(now: Self.now)
        let json = String(decoding: try WireJSON.makeEncoder().encode(details), as: UTF8.self)
        for part in [
            #""media_type":"event""#, #""source":"ticketmaster""#, #""status":"on_sale""#,
            #""date_time":"2026-10-03T18:30:00.000Z""#, #""local_time":"19:30""#, #""time_to_be_announced":false"#,
            #""image_url":"https://images.example.com/saltmarsh-16x9-2048.jpg""#, #""ticket_url":"#,
            #""price_ranges":[{"currency":"GBP","max":42,"min":18.5}]"#,
        ] {
            #expect(json.contains(part), "\(part)")
        }
        #expect(try WireJSON.makeDecoder().decode(EventDetails.self, from: Data(json.utf8)) == details)
    }

    @Test("Links and pictures other than http(s) are dropped, and an absurd price is no crash")
    func hostileValues() throws {
        let event = try decode(
            #"""
            {"id": "Z1", "name": "Odd", "url": "javascript:alert(1)", "seatmap": {"staticUrl": "data:text/html,hi"},
             "images": [{"ratio": "16_9", "width": 2048, "url": "javascript:alert(2)", "fallback": false}],
             "priceRanges": [{"currency": "EUR", "min": 1e20, "max": 1e300}],
             "dates": {"start": {"localDate": "2026-12-01"}}}
            """#)
        let details = event.details(now: Self.now)
        #expect(details.ticketURL == nil && details.seatMapURL == nil && details.imageURL == nil)
        #expect(details.priceRanges.count == 1)
    }
}
