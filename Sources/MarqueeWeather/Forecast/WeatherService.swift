package import Foundation
import MarqueeCore
package import MarqueeWire

/// Cities' weather, as the API answers it: one city's forecast, or the weather now at a list of cities.
package struct WeatherService: Sendable {
    private let cities: CityLookup
    private let provider: (any ForecastProvider)?
    private let now: @Sendable () -> Date

    /// Forecasts of the cities `cities` finds from `provider` (nil: weather is switched off).
    package init(cities: CityLookup, provider: (any ForecastProvider)?, now: @escaping @Sendable () -> Date) {
        self.cities = cities
        self.provider = provider
        self.now = now
    }

    /// Whether the server has a weather provider.
    package var isOn: Bool { provider != nil }

    /// The provider's credit line, shown beside its data (nil: weather is switched off).
    package var attribution: Forecast.Attribution? { provider?.attribution }

    /// The forecast of the city with GeoNames id `cityID`, in `units`.
    package func forecast(cityID: Int, units: Units) async throws -> Forecast {
        let city = try await cities.city(id: cityID)
        guard let provider else {
            throw DomainError(
                .weatherUnavailable, "This server has no weather provider (MARQUEE_WEATHER_PROVIDER=off).")
        }
        let provided = try await provider.forecast(latitude: city.latitude, longitude: city.longitude)
        return ForecastRendering(attribution: provider.attribution).forecast(
            provided.forecast, city: city, units: units, now: now(), fetchedAt: provided.fetchedAt,
            stale: provided.isStale)
    }

    /// The weather now at each of `places` (keyed by the ids given), in `units`, with one upstream call for all those
    /// not cached; nil when weather is switched off or there are no places.
    package func now(at places: [(id: String, place: Coordinates)], units: Units) async -> CitiesWeather? {
        guard let provider, !places.isEmpty else { return nil }
        let forecasts = await provider.forecasts(at: places.map(\.place))
        let rendering = ForecastRendering(attribution: provider.attribution)
        var weather: [String: WeatherNow] = [:]
        for (entry, provided) in zip(places, forecasts) {
            guard let provided, let current = rendering.now(provided, units: units) else { continue }
            weather[entry.id] = current
        }
        return CitiesWeather(units: units.rawValue, attribution: provider.attribution, cities: weather)
    }
}
