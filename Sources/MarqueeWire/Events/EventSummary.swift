/// One event in a list of events near a place: enough to draw a card and link to its details.
public struct EventSummary: Codable, Sendable, Equatable {
    /// Always `event`.
    public var mediaType: String
    /// The source's id: Ticketmaster's (`G5vYZ9Kfw4yAu`) or the demo programme's (`demo-…`).
    public var id: String
    public var name: String
    /// `ticketmaster`, or `demo` for the fictional demo programme (shown as "Demo event").
    public var source: EventSource
    public var start: EventStart
    /// The best picture: 16:9, at least 640 px wide; nil when the source has none (never a placeholder of its own).
    public var imageURL: String?
    /// The venue's name.
    public var venue: String?
    /// The venue's city.
    public var city: String?
    /// ISO 3166-1 alpha-2 code of the venue's country.
    public var countryCode: String?
    /// On sale, off sale, cancelled, …; nil when the source does not say.
    public var status: EventStatus?
    /// The event's day is over (it stays in favourites, marked as ended).
    public var ended: Bool

    // Spelled as `WireJSON` converts them to and from snake_case (`image_url` reads back as `imageUrl`).
    private enum CodingKeys: String, CodingKey {
        case mediaType, id, name, source, start
        case imageURL = "imageUrl"
        case venue, city, countryCode, status, ended
    }

    /// Creates a summary.
    public init(
        id: String, name: String, source: EventSource, start: EventStart, imageURL: String? = nil,
        venue: String? = nil, city: String? = nil, countryCode: String? = nil, status: EventStatus? = nil,
        ended: Bool = false
    ) {
        mediaType = "event"
        self.id = id
        self.name = name
        self.source = source
        self.start = start
        self.imageURL = imageURL
        self.venue = venue
        self.city = city
        self.countryCode = countryCode
        self.status = status
        self.ended = ended
    }
}
