package import MarqueeWire

/// `/events/{id}`: an event's picture, when and where, its status, prices and ticket link. A demo event says so
/// everywhere, and its tickets lead to the demo page.
package struct EventPage: WebPage {
    package static let template = "event"
    package let chrome: Chrome
    let id: String
    let name: String
    let image: String?
    let when: String
    let isDemo: Bool
    let ended: Bool
    let status: String?
    let facts: [ArtworkPage.Fact]
    let prices: [String]
    let ticketURL: String?
    let seatMapURL: String?
    let info: String?
    let pleaseNote: String?
    let savedSub: String
    /// What a heart saves beside the name (the start, so that the favourite can say when it has ended), as JSON.
    let extra: String?
    let attribution: String

    /// The page of `event`; `extra` is what its favourite keeps beside the name.
    package init(chrome: Chrome, event: EventDetails, extra: [String: String]?, attribution: String) {
        self.chrome = chrome
        id = event.id
        name = event.name
        image = event.imageURL
        when = EventFormatting.start(event.start)
        isDemo = event.source == .demo
        ended = event.ended
        status = EventFormatting.status(event.status)
        let address =
            (event.addressLines + [event.postalCode, event.city, event.region, event.country].compactMap { $0 })
            .filter { !$0.isEmpty }.joined(separator: ", ")
        let rows: [(String, String?)] = [
            ("When", when + (event.start.timezone.map { " (\($0))" } ?? "")),
            ("Venue", event.venue),
            ("Address", address.isEmpty ? nil : address),
            ("Genre", [event.segment, event.genre].compactMap { $0 }.joined(separator: ", ")),
        ]
        facts = rows.compactMap { label, value in
            value.flatMap { $0.isEmpty ? nil : ArtworkPage.Fact(label: label, value: $0) }
        }
        prices = event.priceRanges.map(EventFormatting.price)
        // Tickets only while they can be had.
        ticketURL = event.ended || event.status == .cancelled || event.status == .offSale ? nil : event.ticketURL
        seatMapURL = event.seatMapURL
        info = event.info
        pleaseNote = event.pleaseNote
        savedSub = [event.venue, event.city].compactMap { $0 }.joined(separator: ", ")
        self.extra = Card(event.summary, extra: extra).extra
        self.attribution = attribution
    }
}

/// `/events/{id}/demo-tickets`: where a demo event's "Tickets" leads. Nothing is sold: it says so.
package struct DemoTicketsPage: WebPage {
    package static let template = "demo-tickets"
    package let chrome: Chrome
    let name: String
    let eventURL: String

    /// The demo ticket page of the demo event `name`, at `eventURL`.
    package init(chrome: Chrome, name: String, eventURL: String) {
        self.chrome = chrome
        self.name = name
        self.eventURL = eventURL
    }
}
