import Foundation
import MarqueeAccounts
import MarqueeCore
import MarqueeSaved
import MarqueeStore
import MarqueeWeather
import MarqueeWire

/// The weather beside the cities of a page of saved items, and favourite cities sorted by it (the API's
/// `sort=temperature` and the Weather page's "Warmest first").
struct SavedCitiesWeather: Sendable {
    let weather: WeatherService
    let cities: CityLookup
    let accounts: AccountService
    let items: SavedItemService

    /// The `sort` of favourite cities by their temperature now.
    static let temperatureSort = "temperature"
    /// The most cities `sort=temperature` orders: each needs its weather, fetched 100 to an upstream call.
    static let maxSortedCities = 500

    /// The units of `?units=` (refusing any other value), else the person's `temperature_unit`, else metric.
    func units(_ parsing: RequestParsing, auth: Authentication) async throws -> Units {
        if let text = parsing.query("units") { return try Units(parameter: text) }
        let account = try? await accounts.account(auth)
        return Units(temperaturePreference: account?.profile.temperatureUnit) ?? .metric
    }

    /// The weather now at the cities among `items` (one upstream call for those not cached); nil when there are none
    /// or weather is switched off. A city's place is the index's when the index has it, whatever its snapshot says
    /// (one saved before the server wrote cities' snapshots may carry anything).
    func weather(of items: [SavedItem], units: Units) async -> CitiesWeather? {
        guard weather.isOn else { return nil }
        var seen = Set<String>()
        var places: [(id: String, place: Coordinates)] = []
        for item in items where item.kind == .city && seen.insert(item.id).inserted {
            var place = item.snapshot.coordinates
            if let id = Int(item.id), let city = await cities.indexed(id: id) {
                place = Coordinates(latitude: city.latitude, longitude: city.longitude)
            }
            if let place { places.append((item.id, place)) }
        }
        return await weather.now(at: places, units: units)
    }

    /// Every city `query` matches (up to `maxSortedCities`), from the warmest (or, `ascending`, the coldest), with
    /// their weather; cities whose weather is not known go last, by name.
    func byTemperature(_ query: SavedItemQuery, for user: UserID, units: Units, ascending: Bool) async throws
        -> (cities: [SavedItem], weather: CitiesWeather?)
    {
        var query = query
        query.kind = .city
        query.sort = .title
        query.descending = false
        query.after = nil
        query.limit = 100
        var found: [SavedItem] = []
        while true {
            let page = try await items.page(query, for: user).page
            guard page.total <= Self.maxSortedCities else {
                throw DomainError(
                    .invalidParameter,
                    "sort=temperature orders up to \(Self.maxSortedCities) cities; this list has \(page.total). "
                        + "Sort it by name or by date instead.")
            }
            found += page.items
            guard let next = page.next else { break }
            query.after = next
        }
        let now = await weather(of: found, units: units)
        return (Self.sortedByTemperature(found, weather: now, ascending: ascending), now)
    }

    /// `items` from the warmest (or, `ascending`, the coldest); cities whose weather is not known go last, by name
    /// (the order they come in).
    static func sortedByTemperature(_ items: [SavedItem], weather: CitiesWeather?, ascending: Bool) -> [SavedItem] {
        let known = items.filter { weather?.cities[$0.id]?.temperature != nil }
        let unknown = items.filter { weather?.cities[$0.id]?.temperature == nil }
        let sorted = known.enumerated().sorted { first, second in
            let (a, b) = (
                weather?.cities[first.element.id]?.temperature ?? 0,
                weather?.cities[second.element.id]?.temperature ?? 0
            )
            if a != b { return ascending ? a < b : a > b }
            return first.offset < second.offset
        }
        return sorted.map(\.element) + unknown
    }
}
