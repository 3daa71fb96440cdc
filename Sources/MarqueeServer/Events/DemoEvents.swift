import Foundation
import MarqueeCore
import MarqueeEvents
import MarqueeWeather
import MarqueeWire

/// The demo programme in the twenty largest cities of the embedded index, made when first asked for, since the
/// index is read in the background as the server starts.
struct DemoEvents: EventsProvider {
    let directory: CityDirectory
    let now: @Sendable () -> Date

    /// How many of the largest cities the programme plays in.
    static let cityCount = 20

    var source: EventSource { .demo }

    /// The programme as of now.
    func programme() async throws -> DemoProgramme {
        let index = try await directory.index()
        return DemoProgramme(cities: index.cities.prefix(Self.cityCount).map(index.city), now: now)
    }

    func search(near place: City, query: String?, page: Int) async throws -> EventsPage {
        try await programme().search(near: place, query: query, page: page)
    }

    func event(id: String) async throws -> EventDetails {
        try await programme().event(id: id)
    }
}
