import Foundation
import MarqueeAccounts
import MarqueeCore
import MarqueeSaved
import MarqueeStore
import MarqueeWeather
import MarqueeWire
import NIOCore

extension ItemRoutes {
    /// A page of saved items, with the weather now beside its cities.
    func page(_ parsing: RequestParsing, auth: Authentication) async throws -> ByteBuffer {
        // Checked whatever the list holds, and with weather off: a misspelt unit is an error either way.
        _ = try parsing.query("units").map(Units.init(parameter:))
        if parsing.query("sort") == SavedCitiesWeather.temperatureSort {
            return try await citiesByTemperature(parsing, auth: auth)
        }
        let query = try Self.listQuery(parsing)
        let (page, cursor) = try await items.page(query, for: auth.userID)
        var weather: CitiesWeather?
        if cityWeather.weather.isOn, page.items.contains(where: { $0.kind == .city }) {
            weather = await cityWeather.weather(of: page.items, units: try await cityWeather.units(parsing, auth: auth))
        }
        return ItemResponses.page(page, cursor: cursor, weather: weather)
    }

    /// `sort=temperature`: the person's saved cities from the warmest (`order=asc`: the coldest), each with its
    /// weather (with no weather provider, every city's is unknown, and they come by name). The order is worked out on every request, as the weather changes; the cursor is a position in it.
    private func citiesByTemperature(_ parsing: RequestParsing, auth: Authentication) async throws -> ByteBuffer {
        guard parsing.query("kind") == SavedKind.city.rawValue else {
            throw DomainError(.invalidParameter, "sort=temperature orders cities: ask with kind=city.")
        }
        let limit = try parsing.optionalInt("limit", range: 1...100) ?? 20
        let ascending = try parsing.choice("order", default: SortOrder.desc) == .asc
        let query = try Self.listQuery(parsing.overriding(["sort": "title", "order": "asc", "cursor": ""]))
        let fingerprint = TemperatureCursor.fingerprint(query, ascending: ascending)
        let start =
            try parsing.query("cursor")?.nonEmpty.map { try TemperatureCursor.offset($0, for: fingerprint) } ?? 0
        let units = try await cityWeather.units(parsing, auth: auth)
        let (cities, weather) = try await cityWeather.byTemperature(
            query, for: auth.userID, units: units, ascending: ascending)
        let shown = Array(cities.dropFirst(start).prefix(limit))
        let end = start + shown.count
        var shownWeather = weather
        let ids = Set(shown.map(\.id))
        shownWeather?.cities = (weather?.cities ?? [:]).filter { ids.contains($0.key) }
        return ItemResponses.page(
            SavedItemPage(items: shown, next: nil, total: cities.count),
            cursor: end < cities.count ? TemperatureCursor.cursor(offset: end, fingerprint: fingerprint) : nil,
            weather: shownWeather)
    }
}
