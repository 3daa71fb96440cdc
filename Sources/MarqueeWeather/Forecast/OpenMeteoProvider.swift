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
        let query = Self.query([Coordinates(latitude: latitude, longitude: longitude)])
        let fetched = try await fetcher.current(
            cacheKey: Self.cacheKey(query), url: "\(baseURL)/forecast?\(query)", logPath: "/forecast",
            freshFor: Self.freshFor, servableFor: Self.servableFor)
        guard let forecast = Self.provided(fetched) else {
            throw DomainError(.weatherUnavailable, "Open-Meteo sent a forecast Marquee could not read.")
        }
        return forecast
    }

    /// Open-Meteo takes lists of coordinates: the places whose forecast is not cached fresh are asked for in one
    /// call (a second past 100 places), and each answer is cached as that place's own.
    package func forecasts(at places: [Coordinates]) async -> [ProvidedForecast?] {
        var forecasts: [ProvidedForecast?] = []
        for start in stride(from: 0, to: places.count, by: Self.placesPerCall) {
            let part = Array(places[start..<min(places.count, start + Self.placesPerCall)])
            let keys = part.map { Self.cacheKey(Self.query([$0])) }
            let request = BatchRequest(
                call: { [baseURL] missing in
                    let query = Self.query(missing.map { part[$0] })
                    return ("\(baseURL)/forecast?\(query)", [], "/forecast")
                },
                split: Self.split)
            let fetched = await fetcher.currentBatch(
                cacheKeys: keys, freshFor: Self.freshFor, servableFor: Self.servableFor, request: request)
            forecasts += fetched.map { $0.flatMap(Self.provided) }
        }
        return forecasts
    }

    /// The most places one call asks for: the URL stays a few kilobytes long.
    static let placesPerCall = 100

    /// The query for `places`: comma-separated coordinates, and the variables Marquee reads.
    private static func query(_ places: [Coordinates]) -> String {
        ([
            ("latitude", places.map { coordinate($0.latitude) }.joined(separator: ",")),
            ("longitude", places.map { coordinate($0.longitude) }.joined(separator: ",")),
        ] + OpenMeteoResponse.variables)
        .map { "\($0.0)=\($0.1.queryValueEncoded)" }.joined(separator: "&")
    }

    private static func cacheKey(_ query: String) -> String { "open-meteo:/forecast?\(query)" }

    private static func provided(_ fetched: FetchedBody) -> ProvidedForecast? {
        guard let response = try? JSONDecoder().decode(OpenMeteoResponse.self, from: Data(fetched.body)) else {
            return nil
        }
        return ProvidedForecast(forecast: response.forecast, fetchedAt: fetched.fetchedAt, isStale: fetched.isStale)
    }

    /// One place's answer is an object; several places' an array of them, in the order asked.
    private static func split(_ body: [UInt8], count: Int) -> [[UInt8]]? {
        if count == 1 { return [body] }
        guard let parts = (try? JSONSerialization.jsonObject(with: Data(body))) as? [Any], parts.count == count else {
            return nil
        }
        var bodies: [[UInt8]] = []
        for part in parts {
            guard let data = try? JSONSerialization.data(withJSONObject: part) else { return nil }
            bodies.append(Array(data))
        }
        return bodies
    }

    /// Four decimals (about 10 m): the same city always asks, and is cached, the same way.
    private static func coordinate(_ value: Double) -> String {
        String(format: "%.4f", value)
    }
}
