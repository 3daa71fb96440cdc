import Foundation
import MarqueeCore
package import MarqueeUpstream
package import MarqueeWire

/// Forecasts from OpenWeatherMap's free 2.5 API (a key): the weather now (`/data/2.5/weather`) and five days in
/// 3-hour steps (`/data/2.5/forecast`), each cached apart through the upstream cache: fresh for an hour; when
/// OpenWeatherMap cannot be reached, the last of each for up to a day, marked stale. The key goes in the URL only,
/// never in a cache key, a log or an answer.
package struct OpenWeatherMapProvider: ForecastProvider {
    private let fetcher: UpstreamFetcher
    private let baseURL: String
    private let apiKey: String

    package let attribution = Forecast.Attribution(
        text: "Weather data by OpenWeather", url: "https://openweathermap.org/", license: "CC BY-SA 4.0")

    /// A forecast is fresh this long.
    static let freshFor: TimeInterval = 3_600
    /// The last forecast is served, marked stale, this long while OpenWeatherMap cannot be reached.
    static let servableFor: TimeInterval = 86_400

    /// OpenWeatherMap at `baseURL` (`https://api.openweathermap.org`) with `apiKey`, called through `fetcher`.
    package init(baseURL: String, apiKey: String, fetcher: UpstreamFetcher) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.apiKey = apiKey
        self.fetcher = fetcher
    }

    package func forecast(latitude: Double, longitude: Double) async throws -> ProvidedForecast {
        let query = Self.query(latitude: latitude, longitude: longitude)
        async let currentCall = fetch("/data/2.5/weather", query: query)
        async let stepsCall = fetch("/data/2.5/forecast", query: query)
        return try Self.combined(try await currentCall, try await stepsCall)
    }

    /// The forecast made of the weather now and the steps ahead.
    private static func combined(_ current: FetchedBody, _ steps: FetchedBody) throws -> ProvidedForecast {
        let decoder = JSONDecoder()
        guard let now = try? decoder.decode(OpenWeatherMapResponse.Current.self, from: Data(current.body)),
            let later = try? decoder.decode(OpenWeatherMapResponse.Steps.self, from: Data(steps.body))
        else {
            throw DomainError(.weatherUnavailable, "OpenWeatherMap sent a forecast Marquee could not read.")
        }
        // The forecast is as old as the older of its two parts, and stale when either is.
        return ProvidedForecast(
            forecast: OpenWeatherMapResponse.forecast(now: now, steps: later),
            fetchedAt: min(current.fetchedAt, steps.fetchedAt), isStale: current.isStale || steps.isStale)
    }

    /// OpenWeatherMap's free plan has no call for many places, and allows 60 calls a minute: a list shows what is
    /// cached, and asks for at most `uncachedPerList` places (two calls each) that are not cached fresh.
    package func forecasts(at places: [Coordinates]) async -> [ProvidedForecast?] {
        var forecasts: [ProvidedForecast?] = []
        var asked = 0
        for place in places {
            let cached = await cachedForecast(at: place)
            if let cached, !cached.isStale {
                forecasts.append(cached)
            } else if asked < Self.uncachedPerList {
                asked += 1
                forecasts.append((try? await forecast(latitude: place.latitude, longitude: place.longitude)) ?? cached)
            } else {
                forecasts.append(cached)
            }
        }
        return forecasts
    }

    /// How many places a list may ask OpenWeatherMap for: about four seconds of its budget.
    static let uncachedPerList = 2

    /// The forecast at `place` from the cache alone, if both its parts are there.
    private func cachedForecast(at place: Coordinates) async -> ProvidedForecast? {
        let query = Self.query(latitude: place.latitude, longitude: place.longitude)
        guard
            let current = await fetcher.cachedOnly(
                cacheKey: Self.cacheKey("/data/2.5/weather", query), freshFor: Self.freshFor,
                servableFor: Self.servableFor),
            let steps = await fetcher.cachedOnly(
                cacheKey: Self.cacheKey("/data/2.5/forecast", query), freshFor: Self.freshFor,
                servableFor: Self.servableFor)
        else { return nil }
        return try? Self.combined(current, steps)
    }

    /// One endpoint's answer for `query`, cached under a key without the API key.
    private func fetch(_ path: String, query: String) async throws -> FetchedBody {
        do {
            return try await fetcher.current(
                cacheKey: Self.cacheKey(path, query),
                url: "\(baseURL)\(path)?\(query)&appid=\(apiKey.queryValueEncoded)", logPath: path,
                freshFor: Self.freshFor, servableFor: Self.servableFor)
        } catch let error as DomainError where error.code == .catalogNotFound {
            // OpenWeatherMap forecasts every coordinate: a 404 means the base URL is wrong, not that the city is.
            throw DomainError(
                .weatherUnavailable, "OpenWeatherMap can't be reached right now. Please try again in a moment.")
        }
    }

    private static func query(latitude: Double, longitude: Double) -> String {
        "lat=\(coordinate(latitude))&lon=\(coordinate(longitude))&units=metric"
    }

    private static func cacheKey(_ path: String, _ query: String) -> String { "openweathermap:\(path)?\(query)" }

    /// Four decimals (about 10 m): the same city always asks, and is cached, the same way.
    private static func coordinate(_ value: Double) -> String {
        String(format: "%.4f", value)
    }
}
