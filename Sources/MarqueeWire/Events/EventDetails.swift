/// One event in full: its summary's fields, and what its page adds (prices, tickets, the venue's address, …).
public struct EventDetails: Codable, Sendable, Equatable {
    /// Always `event`.
    public var mediaType: String
    /// The source's id: Ticketmaster's (`G5vYZ9Kfw4yAu`) or the demo programme's (`demo-…`).
    public var id: String
    public var name: String
    /// `ticketmaster`, or `demo` for the fictional demo programme (shown as "Demo event").
    public var source: EventSource
    public var start: EventStart
    /// The best picture: 16:9, at least 640 px wide; nil when the source has none.
    public var imageURL: String?
    /// The venue's name.
    public var venue: String?
    /// The venue's city.
    public var city: String?
    /// ISO 3166-1 alpha-2 code of the venue's country.
    public var countryCode: String?
    /// On sale, off sale, cancelled, postponed or rescheduled; nil when the source does not say.
    public var status: EventStatus?
    /// The event's day is over.
    public var ended: Bool
    /// What tickets cost; empty when the prices are not published.
    public var priceRanges: [PriceRange]
    /// Where tickets are sold: the source's page (absolute), or for a demo event the demo page on this server
    /// (relative, `/events/{id}/demo-tickets`).
    public var ticketURL: String?
    /// `Rock`, `Theatre`, `Basketball`, …
    public var genre: String?
    /// The broad kind: `Music`, `Sports`, `Arts & Theatre`, `Film`, …
    public var segment: String?
    /// The venue's street address, line by line.
    public var addressLines: [String]
    public var postalCode: String?
    /// The venue's state or province, where the source gives one.
    public var region: String?
    /// The venue's country, by name.
    public var country: String?
    /// A picture of the venue's seating plan, when there is one.
    public var seatMapURL: String?
    /// What the organiser says about the event.
    public var info: String?
    /// What the organiser asks visitors to note (age limits, bags, …).
    public var pleaseNote: String?

    /// A range of ticket prices in one currency.
    public struct PriceRange: Codable, Sendable, Equatable {
        public var min: Double
        public var max: Double
        /// ISO 4217 code (`EUR`).
        public var currency: String

        /// Creates a price range.
        public init(min: Double, max: Double, currency: String) {
            self.min = min
            self.max = max
            self.currency = currency
        }
    }

    // Spelled as `WireJSON` converts them to and from snake_case (`ticket_url` reads back as `ticketUrl`).
    private enum CodingKeys: String, CodingKey {
        case mediaType, id, name, source, start
        case imageURL = "imageUrl"
        case venue, city, countryCode, status, ended, priceRanges
        case ticketURL = "ticketUrl"
        case genre, segment, addressLines, postalCode, region, country
        case seatMapURL = "seatMapUrl"
        case info, pleaseNote
    }

    /// The details of the event `summary` describes.
    public init(
        _ summary: EventSummary, priceRanges: [PriceRange] = [], ticketURL: String? = nil, genre: String? = nil,
        segment: String? = nil, addressLines: [String] = [], postalCode: String? = nil, region: String? = nil,
        country: String? = nil, seatMapURL: String? = nil, info: String? = nil, pleaseNote: String? = nil
    ) {
        mediaType = summary.mediaType
        id = summary.id
        name = summary.name
        source = summary.source
        start = summary.start
        imageURL = summary.imageURL
        venue = summary.venue
        city = summary.city
        countryCode = summary.countryCode
        status = summary.status
        ended = summary.ended
        self.priceRanges = priceRanges
        self.ticketURL = ticketURL
        self.genre = genre
        self.segment = segment
        self.addressLines = addressLines
        self.postalCode = postalCode
        self.region = region
        self.country = country
        self.seatMapURL = seatMapURL
        self.info = info
        self.pleaseNote = pleaseNote
    }

    /// The event as a list shows it.
    public var summary: EventSummary {
        EventSummary(
            id: id, name: name, source: source, start: start, imageURL: imageURL, venue: venue, city: city,
            countryCode: countryCode, status: status, ended: ended)
    }
}
