import Foundation
import MarqueeCore
package import MarqueeUpstream
package import MarqueeWire

/// Forecasts from Open-Meteo (no key), through the upstream cache: fresh for an hour; when Open-Meteo cannot be
/// reached, the last forecast for up to a day, marked stale.
package struct OpenMeteoProvider: ForecastProvider {
    private let fetcher: UpstreamFetcher
    private let baseURL: String

    package let attribution = Forecast.Attribution(
        text: "Weather data by Open-Meteo.com", url: "https://open-meteo.com/", license: "CC BY 4.0")

    /// A forecast is fresh this long.
    static let freshFor: TimeInterval = 3_600
    /// The last forecast is served, marked stale, this long while Open-Meteo cannot be reached.
    static let servableFor: TimeInterval = 86_400

    /// Open-Meteo at `baseURL` (`https://api.open-meteo.com/v1`), called through `fetcher`.
    package init(baseURL: String, fetcher: UpstreamFetcher) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.fetcher = fetcher
    }

    package func forecast(latitude: Double, longitude: Double) async throws -> ProvidedForecast {
        let query =
            ([("latitude", Self.coordinate(latitude)), ("longitude", Self.coordinate(longitude))]
            + OpenMeteoResponse.variables)
            .map { "\($0.0)=\($0.1.queryValueEncoded)" }.joined(separator: "&")
        let fetched = try await fetcher.current(
            cacheKey: "open-meteo:/forecast?\(query)", url: "\(baseURL)/forecast?\(query)", logPath: "/forecast",
            freshFor: Self.freshFor, servableFor: Self.servableFor)
        guard let response = try? JSONDecoder().decode(OpenMeteoResponse.self, from: Data(fetched.body)) else {
            throw DomainError(.weatherUnavailable, "Open-Meteo sent a forecast Marquee could not read.")
        }
        return ProvidedForecast(forecast: response.forecast, fetchedAt: fetched.fetchedAt, isStale: fetched.isStale)
    }

    /// Four decimals (about 10 m): the same city always asks, and is cached, the same way.
    private static func coordinate(_ value: Double) -> String {
        String(format: "%.4f", value)
    }
}
