import Foundation
import Hummingbird
import MarqueeCore
import MarqueeEvents
import MarqueeWeather
import MarqueeWire

/// `/api/v1/events`: upcoming events near a place the person types, and one event, from Ticketmaster or the demo
/// programme. The key stays here: clients only ever see Marquee's answers.
struct EventsRoutes {
    let events: EventsService
    let places: EventPlaces
    /// Ticketmaster's answers are kept 10 minutes (searches) and an hour (events) on the server.
    static let searchCacheControl = "public, max-age=300"
    static let eventCacheControl = "public, max-age=600"

    func register(on router: Router<MarqueeRequestContext>) {
        let group = router.group("api/v1/events")
        group.get { request, context in
            let parse = try RequestParsing(request: request, context: context)
            let query = try parse.query(EventsQuery.self)
            let place = try await places.resolve(query.place)
            let text = try EventsQuery.text(query.q)
            let found = try await events.search(near: place, query: text, page: try parse.page())
            return JSONResponse.make(try JSONResponse.body(found), cacheControl: Self.searchCacheControl)
        }
        group.get("{id}") { request, context in
            let parse = try RequestParsing(request: request, context: context)
            _ = try parse.query(NoQuery.self)
            let id = RequestParsing.pathParameter("id", in: context)
            return JSONResponse.make(
                try JSONResponse.body(try await events.event(id: id)), cacheControl: Self.eventCacheControl)
        }
    }
}

/// The query of `GET /api/v1/events`.
struct EventsQuery: Decodable {
    /// A city's name as typed ("Amsterdam", "Paris, FR"), or its GeoNames id.
    var place: String?
    var q: String?
    /// Read by `RequestParsing.page`; named here so that it is allowed.
    var page: String?

    /// `q` trimmed, at most 100 characters; nil when blank.
    static func text(_ q: String?) throws -> String? {
        let text = (q ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.unicodeScalars.count <= 100 else {
            throw DomainError(.badQuery, "q must be at most 100 characters.")
        }
        return text.isEmpty ? nil : text
    }
}

/// Turns the place a person typed into a city: a GeoNames id, or the best match of the city search (the index,
/// then the geocoder).
struct EventPlaces {
    let lookup: CityLookup
    let search: CitySearch

    func city(_ typed: String?) async throws -> City {
        let text = (typed ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            throw DomainError(
                .unknownPlace, "Say where: place is a city's name (such as Amsterdam) or its GeoNames id.")
        }
        guard text.unicodeScalars.count <= 100 else {
            throw DomainError(.unknownPlace, "place must be at most 100 characters.")
        }
        if WholeNumber.isDigits(text) {
            guard let id = Int(text), id > 0 else { throw Self.unknown(text) }
            do {
                return try await lookup.city(id: id)
            } catch let error as DomainError where error.code == .cityNotFound {
                throw Self.unknown(text)
            }
        }
        guard let city = try await search.search(text, limit: 1).first else { throw Self.unknown(text) }
        return city
    }

    /// The city for `typed`, saying that events cannot be had (rather than weather) when the geocoder that would
    /// know a smaller place cannot be asked.
    func resolve(_ typed: String?) async throws -> City {
        do {
            return try await city(typed)
        } catch let error as DomainError where error.code == .weatherUnavailable {
            throw DomainError(
                .eventsUnavailable, "Marquee can't look up that place right now. Please try again in a moment.",
                retryAfterSeconds: error.retryAfterSeconds)
        }
    }

    private static func unknown(_ text: String) -> DomainError {
        DomainError(.unknownPlace, "Marquee knows no city called '\(text.prefix(40))'. Try a larger city nearby.")
    }
}
