import Foundation
import MarqueeAccounts
import MarqueeCore
import MarqueeStore
import MarqueeWeather
import MarqueeWire

/// The weather beside the cities of a page of saved items, and favourite cities sorted by it.
struct SavedCitiesWeather: Sendable {
    let weather: WeatherService
    let accounts: AccountService

    /// The `sort` of favourite cities by their temperature now.
    static let temperatureSort = "temperature"

    /// The most cities `sort=temperature` orders: each needs its weather, fetched 100 to an upstream call.
    static let maxSortedCities = 500

    /// The units of `?units=`, else the person's `temperature_unit`, else metric.
    func units(_ parsing: RequestParsing, auth: Authentication) async throws -> Units {
        if let text = parsing.query("units") {
            guard let units = Units(rawValue: text) else {
                throw DomainError(.invalidParameter, "units must be metric or imperial.")
            }
            return units
        }
        let account = try? await accounts.account(auth)
        return Units(temperaturePreference: account?.profile.temperatureUnit) ?? .metric
    }

    /// The weather now at the cities among `items` (one upstream call for those not cached); nil when there are none
    /// or weather is switched off.
    func weather(of items: [SavedItem], units: Units) async -> CitiesWeather? {
        guard weather.isOn else { return nil }
        var seen = Set<String>()
        let places = items.compactMap { item -> (id: String, place: Coordinates)? in
            guard item.kind == .city, let place = item.snapshot.coordinates, seen.insert(item.id).inserted else {
                return nil
            }
            return (item.id, place)
        }
        return await weather.now(at: places, units: units)
    }

    /// `items` from the warmest (or, `ascending`, the coldest); cities whose weather is not known go last, by name.
    static func sortedByTemperature(_ items: [SavedItem], weather: CitiesWeather?, ascending: Bool) -> [SavedItem] {
        func temperature(_ item: SavedItem) -> Double? { weather?.cities[item.id]?.temperature }
        return items.sorted { first, second in
            switch (temperature(first), temperature(second)) {
            case (let a?, let b?) where a != b: return ascending ? a < b : a > b
            case (.some, nil): return true
            case (nil, .some): return false
            default:
                let (a, b) = (first.snapshot.title.searchFolded, second.snapshot.title.searchFolded)
                return a != b ? a < b : first.id < second.id
            }
        }
    }
}
