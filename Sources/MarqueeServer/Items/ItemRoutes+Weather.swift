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
        if parsing.query("sort") == SavedCitiesWeather.temperatureSort {
            return try await citiesByTemperature(parsing, auth: auth)
        }
        let query = try Self.listQuery(parsing)
        let (page, cursor) = try await items.page(query, for: auth.userID)
        return ItemResponses.page(page, cursor: cursor, weather: try await weather(of: page.items, parsing, auth: auth))
    }

    private func weather(of items: [SavedItem], _ parsing: RequestParsing, auth: Authentication) async throws
        -> CitiesWeather?
    {
        guard let cityWeather, items.contains(where: { $0.kind == .city }) else {
            // Checked all the same: a misspelt unit is an error whatever the list holds.
            if let text = parsing.query("units"), Units(rawValue: text) == nil {
                throw DomainError(.invalidParameter, "units must be metric or imperial.")
            }
            return nil
        }
        return await cityWeather.weather(of: items, units: try await cityWeather.units(parsing, auth: auth))
    }

    /// `sort=temperature`: the person's saved cities from the warmest (`order=asc`: the coldest), each with its
    /// weather. The order is worked out on every request, as the weather changes; the cursor is a position in it.
    private func citiesByTemperature(_ parsing: RequestParsing, auth: Authentication) async throws -> ByteBuffer {
        guard parsing.query("kind") == SavedKind.city.rawValue else {
            throw DomainError(.invalidParameter, "sort=temperature orders cities: ask with kind=city.")
        }
        let limit = try parsing.optionalInt("limit", range: 1...100) ?? 20
        let ascending = try parsing.choice("order", default: TemperatureOrder.desc) == .asc
        let start = try parsing.query("cursor")?.nonEmpty.map(TemperatureCursor.offset) ?? 0
        // Every city the filters match, by name: the order to sort from, and the one unknown weather keeps.
        var query = try Self.listQuery(
            parsing.overriding(["sort": "title", "order": "asc", "cursor": "", "limit": "100"]))
        var cities: [SavedItem] = []
        while true {
            let page = try await items.page(query, for: auth.userID).page
            guard page.total <= SavedCitiesWeather.maxSortedCities else {
                throw DomainError(
                    .invalidParameter,
                    "sort=temperature orders up to \(SavedCitiesWeather.maxSortedCities) cities; this list has "
                        + "\(page.total). Sort it by name or by date instead.")
            }
            cities += page.items
            guard let next = page.next else { break }
            query.after = next
        }
        let units = try await cityWeather?.units(parsing, auth: auth) ?? .metric
        let weather = await cityWeather?.weather(of: cities, units: units)
        let sorted = SavedCitiesWeather.sortedByTemperature(cities, weather: weather, ascending: ascending)
        let shown = Array(sorted.dropFirst(start).prefix(limit))
        let end = start + shown.count
        var shownWeather = weather
        shownWeather?.cities = (weather?.cities ?? [:]).filter { id, _ in shown.contains { $0.id == id } }
        return ItemResponses.page(
            SavedItemPage(items: shown, next: nil, total: cities.count),
            cursor: end < sorted.count ? TemperatureCursor.cursor(offset: end) : nil, weather: shownWeather)
    }

    private enum TemperatureOrder: String, CaseIterable {
        case asc, desc
    }
}

/// The cursor of a list sorted by temperature: how many cities earlier pages showed.
enum TemperatureCursor {
    static func cursor(offset: Int) -> String { "temperature-\(offset)" }

    static func offset(_ cursor: String) throws -> Int {
        guard cursor.hasPrefix("temperature-"), let offset = Int(cursor.dropFirst("temperature-".count)),
            (0...SavedCitiesWeather.maxSortedCities).contains(offset)
        else { throw DomainError(.badCursor, "This cursor is not valid for this list; start again without one.") }
        return offset
    }
}
