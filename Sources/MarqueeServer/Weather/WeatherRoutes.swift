import Hummingbird
import MarqueeAccounts
import MarqueeCore
import MarqueeStore
import MarqueeWeather
import MarqueeWire

/// `/api/v1/weather`: cities found as people type, from the embedded GeoNames index, and their forecasts.
struct WeatherRoutes {
    let cities: CityLookup
    let search: CitySearch
    let weather: WeatherService
    let authenticator: Authenticator
    let accounts: AccountService
    /// The response cache, for forecasts in the units asked for.
    let cache: ResponseCache
    /// The embedded index changes only with a new version of Marquee.
    static let cacheControl = "public, max-age=3600"
    /// A forecast in the units asked for is the same for everyone, and current for a minute.
    static let forecastCacheControl = "public, max-age=60"

    func register(on router: Router<MarqueeRequestContext>) {
        let weather = router.group("api/v1/weather")
        weather.get("cities") { request, context in
            let parse = try RequestParsing(request: request, context: context)
            let query = try parse.query(CitySearchQuery.self)
            let text = query.q ?? ""
            guard text.unicodeScalars.count <= 100 else {
                throw DomainError(.invalidParameter, "q must be at most 100 characters.")
            }
            let limit = try parse.optionalInt("limit", range: 1...50) ?? 10
            let found = try await search.search(text, limit: limit)
            return JSONResponse.make(
                try JSONResponse.body(
                    Page(page: 1, results: found, totalPages: 1, totalResults: found.count)),
                cacheControl: Self.cacheControl)
        }
        weather.get("cities/{id}/forecast") { request, context in
            var parse = try RequestParsing(request: request, context: context)
            let record = ParameterRecord()
            parse.record = record
            let id = try parse.id()
            let units = try parse.query(ForecastQuery.self).units.map(Units.init(parameter:))
            guard let units else {
                // Without `units` the answer is the caller's own (their preference), so it is not shared.
                let units = await preferredUnits(request) ?? .metric
                let forecast = try await self.weather.forecast(cityID: id, units: units)
                return JSONResponse.make(try JSONResponse.body(forecast), cacheControl: "private, max-age=60")
            }
            // With `units` it is everyone's: kept a minute in the response cache, whose hits the connection answers
            // itself (CachedResponseHandler). A minute keeps the hours current as the clock passes one.
            record.parsed("units", units.rawValue)
            let key = try record.key(template: context.endpointPath ?? request.uri.path, sent: parse.queryString)
            let body = try await cache.body(
                for: key, route: context.endpointPath ?? "", cacheControl: Self.forecastCacheControl,
                lifetime: .seconds(60)
            ) {
                try JSONResponse.body(try await self.weather.forecast(cityID: id, units: units))
            }
            return JSONResponse.make(body, cacheControl: Self.forecastCacheControl)
        }
        weather.get("cities/{id}") { request, context in
            let parse = try RequestParsing(request: request, context: context)
            let id = try parse.id()
            _ = try parse.query(NoQuery.self)
            return JSONResponse.make(
                try JSONResponse.body(try await cities.city(id: id)), cacheControl: Self.cacheControl)
        }
    }
}

extension WeatherRoutes {
    /// The signed-in person's `temperature_unit` (guests too) as units; nil for visitors. A sign-in that cannot be
    /// read counts as none here: a forecast is public, and metric is a fine answer.
    private func preferredUnits(_ request: Request) async -> Units? {
        guard let auth = try? await authenticator.optionalAuthentication(request),
            let user = try? await accounts.account(auth)
        else { return nil }
        return Units(temperaturePreference: user.profile.temperatureUnit)
    }
}

/// The query of `GET /api/v1/weather/cities/{id}/forecast`.
struct ForecastQuery: Decodable {
    var units: String?
}

/// The query of `GET /api/v1/weather/cities`: what was typed, and how many cities to return.
struct CitySearchQuery: Decodable {
    var q: String?
    /// Read as a number by `RequestParsing.optionalInt`, for its range check; named here so that it is allowed.
    var limit: String?
}
