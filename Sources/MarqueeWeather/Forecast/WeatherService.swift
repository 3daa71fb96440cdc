package import Foundation
import MarqueeCore
package import MarqueeWire

/// A city's forecast, as the API answers it.
package struct WeatherService: Sendable {
    private let cities: CityDirectory
    private let provider: (any ForecastProvider)?
    private let now: @Sendable () -> Date

    /// Forecasts of the cities in `cities` from `provider` (nil: weather is switched off).
    package init(cities: CityDirectory, provider: (any ForecastProvider)?, now: @escaping @Sendable () -> Date) {
        self.cities = cities
        self.provider = provider
        self.now = now
    }

    /// The forecast of the city with GeoNames id `cityID`, in `units`.
    package func forecast(cityID: Int, units: Units) async throws -> Forecast {
        let index = try await cities.index()
        let record = try index.existingCity(id: cityID)
        guard let provider else {
            throw DomainError(
                .weatherUnavailable, "This server has no weather provider (MARQUEE_WEATHER_PROVIDER=off).")
        }
        let provided = try await provider.forecast(latitude: record.latitude, longitude: record.longitude)
        return ForecastRendering(attribution: provider.attribution).forecast(
            provided.forecast, city: index.city(record), units: units, now: now(), fetchedAt: provided.fetchedAt,
            stale: provided.isStale)
    }
}
