import Foundation
package import MarqueeWire

/// `/weather`: search for a city as you type (a plain form without script), the person's favourite cities with
/// their weather now, and the °C/°F switch. Live: cities saved or removed on another device come and go.
package struct WeatherPage: WebPage {
    package static let template = "weather"
    package let chrome: Chrome
    let query: String
    let hasQuery: Bool
    let results: [CityLink]
    let units: String
    let unitLinks: [PageLink]
    let sorts: [Choice]
    let sort: String
    let signedIn: Bool
    let entries: [WeatherEntry]
    let more: Bool
    let attribution: Forecast.Attribution?
    /// The entry the script clones for a city saved on another device (`weather-entry.mustache`).
    let entryTemplate = WeatherEntry.template

    /// A city found by the search box.
    struct CityLink: Sendable {
        let href: String
        let name: String
        let place: String?
    }

    /// How favourite cities can be ordered, as the Sort menu names them.
    package enum Sort: String, CaseIterable, Sendable {
        case name
        case added
        case temperature

        var label: String {
            switch self {
            case .name: "Name"
            case .added: "Recently added"
            case .temperature: "Warmest first"
            }
        }
    }

    /// The page; `favourites` is nil for a visitor (not signed in), `found` nil when the box is empty.
    package init(
        chrome: Chrome, query: String, found: [City]?, units: String, sort: Sort, favourites: [SavedItem]?,
        more: Bool, weather: CitiesWeather?, attribution: Forecast.Attribution?
    ) {
        self.chrome = chrome
        self.query = query
        hasQuery = found != nil
        results = (found ?? []).map { city in
            CityLink(href: "/weather/\(city.id)", name: city.name, place: WeatherFormatting.place(city))
        }
        self.units = units
        unitLinks = WeatherFormatting.unitLinks("/weather", current: units)
        sorts = Sort.allCases.map { Choice(value: $0.rawValue, label: $0.label, selected: $0 == sort) }
        self.sort = sort.rawValue
        signedIn = favourites != nil
        entries = (favourites ?? []).map { WeatherEntry($0, weather: weather?.cities[$0.id], units: units) }
        self.more = more
        self.attribution = attribution
    }
}

/// One favourite city as `/weather` lists it: where it is, its note, and its weather now when known.
struct WeatherEntry: Sendable {
    let id: String
    let href: String
    let name: String
    let place: String?
    let note: String?
    let hasWeather: Bool
    let temperature: String
    let symbol: String
    let condition: String
    /// `°C` or `°F`.
    let unit: String
    /// When the weather was fetched, for a stale one: `as of 14:13 UTC`.
    let asOf: String?

    static let template = WeatherEntry(
        id: "", href: "", name: "", place: "", note: "", hasWeather: true, temperature: "", symbol: "", condition: "",
        unit: "", asOf: "")

    init(
        id: String, href: String, name: String, place: String?, note: String?, hasWeather: Bool, temperature: String,
        symbol: String, condition: String, unit: String, asOf: String?
    ) {
        self.id = id
        self.href = href
        self.name = name
        self.place = place
        self.note = note
        self.hasWeather = hasWeather
        self.temperature = temperature
        self.symbol = symbol
        self.condition = condition
        self.unit = unit
        self.asOf = asOf
    }

    init(_ item: SavedItem, weather: WeatherNow?, units: String) {
        self.init(
            id: item.id, href: "/weather/\(item.id)", name: item.snapshot.title, place: item.snapshot.subtitle,
            note: item.note, hasWeather: weather != nil,
            temperature: WeatherFormatting.temperature(weather?.temperature),
            symbol: weather.map { WeatherFormatting.symbol($0.condition.icon) } ?? "",
            condition: weather?.condition.text ?? "", unit: WeatherFormatting.unit(units),
            asOf: weather.flatMap { $0.stale ? "as of \(WeatherFormatting.clock($0.fetchedAt) ?? "") UTC" : nil })
    }
}
