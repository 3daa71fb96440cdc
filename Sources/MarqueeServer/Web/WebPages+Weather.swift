import Foundation
import Hummingbird
import MarqueeAccounts
import MarqueeCore
import MarqueeSaved
import MarqueeStore
import MarqueeWeather
import MarqueeWeb
import MarqueeWire

extension WebPages {
    func registerWeatherPages(on router: Router<MarqueeRequestContext>) {
        router.get("weather") { request, context in
            try await rendering(request, context) { visit in try await weatherHome(request, context, visit: visit) }
        }
        router.get("weather/{id}") { request, context in
            try await rendering(request, context) { visit in
                let parse = try RequestParsing(request: request, context: context)
                let id = try parse.id()
                let units = try units(parse, request: request, visit: visit)
                let city = try await weather.cities.city(id: id)
                var forecast: Forecast?
                var unavailable: String?
                do {
                    forecast = try await weather.forecasts.forecast(cityID: id, units: units)
                } catch let error as DomainError where error.code == .weatherUnavailable {
                    unavailable = "No weather to show right now: \(error.message)"
                }
                var saved: SavedItem?
                if let auth = visit.auth {
                    saved = try? await items.item(list: .favorites, kind: .city, id: String(id), for: auth.userID)
                }
                let page = CityWeatherPage(
                    chrome: chrome(city.name, .weather, visit, scripts: ["weather.js"], styles: ["weather.css"]),
                    city: city,
                    units: units.rawValue, forecast: forecast, unavailable: unavailable, signedIn: visit.auth != nil,
                    saved: saved)
                return remembering(units, parse, visit: visit, in: try responses.page(page))
            }
        }
    }

    /// `/weather`, and `/` for those whose app is about the weather: the search, their cities with the weather now,
    /// and the °C/°F switch.
    func weatherHome(_ request: Request, _ context: MarqueeRequestContext, visit: WebVisit) async throws -> Response {
        let parse = try RequestParsing(request: request, context: context)
        let units = try units(parse, request: request, visit: visit)
        let text = (parse.query("q") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.unicodeScalars.count <= 100 else {
            throw DomainError(.invalidParameter, "A city name can be at most 100 characters long.")
        }
        let found = text.isEmpty ? nil : try await weather.search.search(text, limit: 20)
        let sort = try parse.choice("sort", default: WeatherPage.Sort.name)
        var favourites: [SavedItem]?
        var more = false
        var now: CitiesWeather?
        if let auth = visit.auth {
            if sort == .temperature {
                (favourites, now) = try await weather.saved.byTemperature(
                    SavedItemQuery(list: .favorites), for: auth.userID, units: units, ascending: false)
            } else {
                let query = SavedItemQuery(
                    list: .favorites, kind: .city, sort: sort == .added ? .created : .title,
                    descending: sort == .added, limit: 100)
                let page = try await items.page(query, for: auth.userID).page
                (favourites, now) = (page.items, await weather.saved.weather(of: page.items, units: units))
                more = page.next != nil
            }
        }
        let page = WeatherPage(
            chrome: chrome("Weather", .weather, visit, scripts: ["weather.js"], styles: ["weather.css"]),
            query: text, found: found,
            units: units.rawValue, sort: sort, favourites: favourites, more: more, weather: now,
            attribution: weather.forecasts.attribution)
        return remembering(units, parse, visit: visit, in: try responses.page(page))
    }

    /// The units a weather page is drawn in: `?units=`; else, signed in, the person's `temperature_unit`; else the
    /// visitor's cookie; else metric.
    private func units(_ parse: RequestParsing, request: Request, visit: WebVisit) throws -> Units {
        if let text = parse.query("units") { return try Units(parameter: text) }
        if let preferred = Units(temperaturePreference: visit.user?.profile.temperatureUnit) { return preferred }
        return request.cookies[Self.unitsCookie].flatMap { Units(rawValue: $0.value) } ?? .metric
    }

    /// A visitor's choice of units, kept in a cookie for a year (signed in, the preference keeps it; see weather.js).
    private func remembering(_ units: Units, _ parse: RequestParsing, visit: WebVisit, in response: Response)
        -> Response
    {
        guard parse.query("units") != nil, visit.auth == nil else { return response }
        var response = response
        response.headers.setCookies([
            authenticator.cookie(Self.unitsCookie, units.rawValue, path: "/", maxAge: 365 * 86_400, httpOnly: false)
        ])
        return response
    }

    static let unitsCookie = "marquee_units"
}

/// What the weather pages draw from: cities, their search, forecasts, and the weather beside saved cities.
struct WebWeather: Sendable {
    let cities: CityLookup
    let search: CitySearch
    let forecasts: WeatherService
    let saved: SavedCitiesWeather
}
