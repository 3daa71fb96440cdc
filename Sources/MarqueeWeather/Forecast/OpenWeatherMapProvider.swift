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
        let query = "lat=\(Self.coordinate(latitude))&lon=\(Self.coordinate(longitude))&units=metric"
        async let currentCall = fetch("/data/2.5/weather", query: query)
        async let stepsCall = fetch("/data/2.5/forecast", query: query)
        let current = try await currentCall
        let steps = try await stepsCall
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

    /// One endpoint's answer for `query`, cached under a key without the API key.
    private func fetch(_ path: String, query: String) async throws -> FetchedBody {
        do {
            return try await fetcher.current(
                cacheKey: "openweathermap:\(path)?\(query)",
                url: "\(baseURL)\(path)?\(query)&appid=\(apiKey.queryValueEncoded)", logPath: path,
                freshFor: Self.freshFor, servableFor: Self.servableFor)
        } catch let error as DomainError where error.code == .catalogNotFound {
            // OpenWeatherMap forecasts every coordinate: a 404 means the base URL is wrong, not that the city is.
            throw DomainError(
                .weatherUnavailable, "OpenWeatherMap can't be reached right now. Please try again in a moment.")
        }
    }

    /// Four decimals (about 10 m): the same city always asks, and is cached, the same way.
    private static func coordinate(_ value: Double) -> String {
        String(format: "%.4f", value)
    }
}
