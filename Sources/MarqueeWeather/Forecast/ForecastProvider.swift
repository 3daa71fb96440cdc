package import Foundation
package import MarqueeWire

/// Where forecasts come from: Open-Meteo, OpenWeatherMap, a test's fake.
package protocol ForecastProvider: Sendable {
    /// The credit the provider asks for, shown beside its data.
    var attribution: Forecast.Attribution { get }

    /// The forecast at a place, in metric, as fresh as the provider and the cache allow.
    func forecast(latitude: Double, longitude: Double) async throws -> ProvidedForecast

    /// The forecasts at several places, with as few upstream calls as the provider allows; nil for a place whose
    /// forecast cannot be had (a list shows the others).
    func forecasts(at places: [Coordinates]) async -> [ProvidedForecast?]
}

extension ForecastProvider {
    /// One call per place, all at once, for providers that take one place a call.
    package func forecasts(at places: [Coordinates]) async -> [ProvidedForecast?] {
        await withTaskGroup(of: (Int, ProvidedForecast?).self) { group in
            for (position, place) in places.enumerated() {
                group.addTask { (position, try? await forecast(latitude: place.latitude, longitude: place.longitude)) }
            }
            var forecasts = [ProvidedForecast?](repeating: nil, count: places.count)
            for await (position, forecast) in group { forecasts[position] = forecast }
            return forecasts
        }
    }
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
