import Foundation
import MarqueeWire
import Testing

@testable import MarqueeWeather

/// What a provider's numbers become on the way out.
@Suite("Forecast rendering")
struct ForecastRenderingTests {
    @Test("Numbers no weather could have (NaN, infinity, 1e300) are unknown, not a failed answer")
    func implausible() throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let metric = MetricForecast(
            utcOffsetSeconds: 3_600,
            current: .init(
                time: now, temperature: 1e300, feelsLike: .nan, humidity: .infinity, windSpeed: -1e300,
                windDirection: 240, code: 2, isDay: true),
            hours: [.init(time: now, temperature: 17.3, code: 2, precipitationChance: .nan, isDay: true)],
            stepHours: 1,
            days: [.init(date: "2026-09-21", min: -.infinity, max: 18.4, code: 2, precipitationChance: 20)])
        let city = City(
            id: 1, name: "Test", countryCode: nil, country: nil, region: nil, regionCode: nil, latitude: 0,
            longitude: 0, population: nil, timezone: nil)
        for units in Units.allCases {
            let forecast = ForecastRendering(attribution: .init(text: "t", url: "u", license: nil)).forecast(
                metric, city: city, units: units, now: now, fetchedAt: now, stale: false)
            let current = try #require(forecast.current)
            #expect(current.temperature == nil && current.feelsLike == nil && current.humidity == nil)
            #expect(current.windSpeed == nil && current.windDirection == 240)
            #expect(forecast.hourly.first?.precipitationChance == nil && forecast.daily.first?.min == nil)
            _ = try WireJSON.makeEncoder().encode(forecast)
        }
        #expect(try Units(parameter: "imperial") == .imperial)
        #expect(throws: (any Error).self) { try Units(parameter: "kelvin") }
    }
}
