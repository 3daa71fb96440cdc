package import Foundation
package import MarqueeWire

/// Where forecasts come from: Open-Meteo, OpenWeatherMap, a test's fake.
package protocol ForecastProvider: Sendable {
    /// The credit the provider asks for, shown beside its data.
    var attribution: Forecast.Attribution { get }

    /// The forecast at a place, in metric, as fresh as the provider and the cache allow.
    func forecast(latitude: Double, longitude: Double) async throws -> ProvidedForecast
}

/// A provider's forecast, with when it was fetched and whether it is stale (the provider could not be reached).
package struct ProvidedForecast: Sendable {
    package let forecast: MetricForecast
    package let fetchedAt: Date
    package let isStale: Bool

    package init(forecast: MetricForecast, fetchedAt: Date, isStale: Bool) {
        self.forecast = forecast
        self.fetchedAt = fetchedAt
        self.isStale = isStale
    }
}
