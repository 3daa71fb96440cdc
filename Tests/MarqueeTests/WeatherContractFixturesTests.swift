import Foundation
import Testing

@testable import MarqueeWeather

/// The Open-Meteo decoder against real forecasts captured by other projects (../shared/contract-fixtures/weather):
/// ISO 8601 local times, `null`s, blocks and variables Marquee does not ask for. Runs only where they are present;
/// nothing is copied.
@Suite(
    "Open-Meteo contract fixtures",
    .enabled(if: ContractFixtures.root != nil, "../shared/contract-fixtures is not present"))
struct WeatherContractFixturesTests {
    func decode(_ path: String) throws -> MetricForecast {
        let url = try #require(ContractFixtures.root).appending(path: "weather/" + path)
        return try JSONDecoder().decode(OpenMeteoResponse.self, from: Data(contentsOf: url)).forecast
    }

    @Test("Berlin (Home Assistant's capture): current, 24 hours, 7 days, times at the city's offset")
    func berlin() throws {
        let forecast = try decode("open-meteo/forecast__berlin__ha-trimmed.json")
        #expect(forecast.utcOffsetSeconds == 3_600)
        let now = try #require(forecast.current)
        #expect(now.temperature == 5.5 && now.code == 3 && now.windDirection == 168)
        #expect(LocalTime.rfc3339(now.time, offsetSeconds: 3_600) == "2021-11-24T23:00:00+01:00")
        #expect(forecast.hours.count == 24)
        #expect(LocalTime.rfc3339(forecast.hours[1].time, offsetSeconds: 3_600) == "2021-11-24T01:00:00+01:00")
        #expect(forecast.days.count == 7 && forecast.days.first?.date == "2021-11-24")
        let sunrise = try #require(forecast.days.first?.sunrise)
        #expect(LocalTime.rfc3339(sunrise, offsetSeconds: 3_600) == "2021-11-24T07:41:00+01:00")
    }

    @Test("Enschede (python-open-meteo's capture): is_day, a null variable, hourly precipitation chance")
    func enschede() throws {
        let forecast = try decode("open-meteo-python/forecast__enschede-2026-10-03__trimmed.json")
        #expect(forecast.utcOffsetSeconds == 7_200)
        let now = try #require(forecast.current)
        #expect(now.temperature == 17.7 && now.feelsLike == 17.6 && now.humidity == 66 && now.isDay)
        #expect(LocalTime.rfc3339(now.time, offsetSeconds: 7_200) == "2026-10-03T12:30:00+02:00")
        #expect(!forecast.hours.isEmpty && forecast.hours[0].isDay == false)
    }
}
