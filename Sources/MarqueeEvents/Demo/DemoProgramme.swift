package import Foundation
import MarqueeCore
package import MarqueeWire

/// Marquee's own events, for a server without a Ticketmaster key: a few dozen fictional events, written for Marquee,
/// in the cities it is given (the server passes the twenty largest of its city index). Each city has three series of
/// events, each on its own rhythm of days, and the programme lists the next event of each from the city's today on,
/// so it never looks stale, yet is the same all day long. Every event says `"source": "demo"`; none has a picture
/// (clients show their placeholder); the ticket link is the demo page on this server, `/events/{id}/demo-tickets`.
///
/// An id (`demo-1796236-12-20650`: city, template, day) is enough to make its event again, after its day too (then
/// it is `ended`), so favourites keep opening.
package struct DemoProgramme: EventsProvider {
    /// What every demo id starts with.
    package static let idPrefix = "demo-"
    /// Events a page.
    static let pageSize = 20
    /// How far from the place a search reaches.
    static let radiusKilometres = 50.0

    /// The cities it plays in.
    package let cities: [City]
    let positions: [Int: Int]
    let now: @Sendable () -> Date
    let calendar: Calendar

    package var source: EventSource { .demo }

    /// The programme of `cities`, on `now`'s days. Dates are Gregorian; `calendar`'s time zone stands in for a
    /// city's own when that is missing or unknown.
    package init(
        cities: [City], now: @escaping @Sendable () -> Date, calendar: Calendar = Calendar(identifier: .gregorian)
    ) {
        self.cities = cities
        positions = Dictionary(cities.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.now = now
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = calendar.timeZone
        self.calendar = gregorian
    }

    /// Today's programme in every city, soonest first.
    package func programme() -> [EventDetails] {
        entries(at: now()).map(\.event)
    }

    package func search(near place: City, query: String?, page: Int) async throws -> EventsPage {
        guard page >= 1 else { throw DomainError(.badPage, "Pages are numbered from 1.") }
        let nearby = Set(
            cities.filter { city in
                city.id == place.id
                    || GreatCircle.kilometres(
                        fromLatitude: place.latitude, longitude: place.longitude, toLatitude: city.latitude,
                        longitude: city.longitude) <= Self.radiusKilometres
            }.map(\.id))
        let needle = query?.trimmingCharacters(in: .whitespacesAndNewlines).searchFolded.nonEmpty
        let matching = entries(at: now()).filter { entry in
            nearby.contains(entry.cityID) && (needle.map { Self.mentions(entry.event, $0) } ?? true)
        }
        let first = (page - 1) * Self.pageSize
        let results = first < matching.count ? matching[first..<min(matching.count, first + Self.pageSize)] : []
        return EventsPage(
            page: page, results: results.map(\.event.summary),
            totalPages: max(1, (matching.count + Self.pageSize - 1) / Self.pageSize), totalResults: matching.count,
            place: place, source: .demo)
    }

    package func event(id: String) async throws -> EventDetails {
        guard let slot = slot(id: id) else {
            throw DomainError(.eventNotFound, "There is no event with id '\(id.prefix(64))'.")
        }
        return event(slot, at: now())
    }

    /// Whether the event's name, genre or venue holds `needle` (already folded).
    private static func mentions(_ event: EventDetails, _ needle: String) -> Bool {
        [event.name, event.genre, event.venue, event.segment].contains { text in
            text?.searchFolded.contains(needle) ?? false
        }
    }
}
