/// Ticketmaster Discovery v2's answer to an event search (`/events.json`): a page of events, and the page's place in
/// all of them. A search that finds nothing has no `_embedded` at all.
struct TicketmasterSearch: Decodable {
    struct Embedded: Decodable {
        let events: [Lenient<TicketmasterEvent>]?
    }

    struct PageInfo: Decodable {
        let size: Int?
        let totalElements: Int?
        let totalPages: Int?
        /// From 0.
        let number: Int?
    }

    let embedded: Embedded?
    let page: PageInfo?

    private enum CodingKeys: String, CodingKey {
        case embedded = "_embedded"
        case page
    }

    /// The events that could be read.
    var events: [TicketmasterEvent] { embedded?.events?.compactMap(\.value) ?? [] }
}

/// One event as Discovery v2 describes it, in a search's page or on its own (`/events/{id}.json`). Only the id is
/// required: everything else may be missing, and a part that cannot be read is left out rather than failing the
/// whole answer.
struct TicketmasterEvent: Decodable {
    struct Image: Decodable {
        /// `16_9`, `3_2`, `4_3`, …
        let ratio: String?
        let url: String?
        let width: Int?
        let height: Int?
        /// A generic picture Ticketmaster shows when it has none of the event's own.
        let fallback: Bool?
    }

    struct Start: Decodable {
        let localDate: String?
        /// `HH:MM:SS`.
        let localTime: String?
        /// RFC 3339, UTC.
        let dateTime: String?
        let dateTBD: Bool?
        let dateTBA: Bool?
        let timeTBA: Bool?
        let noSpecificTime: Bool?
    }

    struct Status: Decodable {
        /// `onsale`, `offsale`, `cancelled`, `postponed`, `rescheduled`.
        let code: String?
    }

    struct Dates: Decodable {
        let start: Start?
        let timezone: String?
        let status: Status?
    }

    struct PriceRange: Decodable {
        let type: String?
        let currency: String?
        let min: Double?
        let max: Double?
    }

    struct Named: Decodable {
        let name: String?
    }

    struct Classification: Decodable {
        let primary: Bool?
        let segment: Named?
        let genre: Named?
    }

    struct Venue: Decodable {
        struct Country: Decodable {
            let name: String?
            let countryCode: String?
        }

        struct Address: Decodable {
            let line1: String?
            let line2: String?
            let line3: String?
        }

        let name: String?
        let city: Named?
        let state: Named?
        let country: Country?
        let address: Address?
        let postalCode: String?
        let timezone: String?
    }

    struct SeatMap: Decodable {
        let staticUrl: String?
    }

    struct Embedded: Decodable {
        let venues: [Lenient<Venue>]?
    }

    let id: String
    let name: String?
    /// The page where tickets are sold.
    let url: String?
    let images: [Lenient<Image>]?
    let dates: Lenient<Dates>?
    let priceRanges: [Lenient<PriceRange>]?
    let classifications: [Lenient<Classification>]?
    let seatmap: Lenient<SeatMap>?
    let info: String?
    let pleaseNote: String?
    let embedded: Lenient<Embedded>?

    private enum CodingKeys: String, CodingKey {
        case id, name, url, images, dates, priceRanges, classifications, seatmap, info, pleaseNote
        case embedded = "_embedded"
    }
}

/// A value read if it can be: one odd part of an answer is left out instead of failing all of it.
struct Lenient<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
