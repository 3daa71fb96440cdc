import Foundation
import Testing

@testable import MarqueeWeather

/// The OpenWeatherMap decoders against real 2.5 answers captured by pyowm (../shared/contract-fixtures/weather):
/// old and trimmed, so without `feels_like`, `pop` or the city's `timezone`, `sunrise` and `sunset`, and in kelvin
/// (they were fetched without `units=metric`, which Marquee sends). Runs only where they are present; nothing is
/// copied.
@Suite(
    "OpenWeatherMap contract fixtures",
    .enabled(if: ContractFixtures.root != nil, "../shared/contract-fixtures is not present"))
struct OpenWeatherMapContractFixturesTests {
    func data(_ name: String) throws -> Data {
        let url = try #require(ContractFixtures.root).appending(path: "weather/openweathermap-pyowm/" + name)
        return try Data(contentsOf: url)
    }

    func current(_ name: String) throws -> OpenWeatherMapResponse.Current {
        try JSONDecoder().decode(OpenWeatherMapResponse.Current.self, from: data(name))
    }

    func steps(_ name: String) throws -> OpenWeatherMapResponse.Steps {
        try JSONDecoder().decode(OpenWeatherMapResponse.Steps.self, from: data(name))
    }

    @Test("London now and in 3 hours: read as they are; missing fields stay unknown; no day made of one step")
    func london() throws {
        let forecast = OpenWeatherMapResponse.forecast(
            now: try current("data-2.5-weather__london.json"), steps: try steps("data-2.5-forecast__london.json"))
        #expect(forecast.utcOffsetSeconds == 0, "no timezone in either answer: UTC")
        #expect(forecast.stepHours == 3)
        let now = try #require(forecast.current)
        #expect(LocalTime.rfc3339(now.time, offsetSeconds: 0) == "2013-09-11T10:26:17+00:00")
        #expect(now.temperature == 288.44 && now.feelsLike == nil && now.humidity == 75 && now.windDirection == 31)
        #expect(abs((now.windSpeed ?? 0) - 5.544) < 1e-9, "1.54 m/s in km/h")
        #expect(now.code == 3 && now.isDay, "804 overcast, observed between 05:30 and 18:23 UTC")
        #expect(forecast.hours.count == 1)
        let step = try #require(forecast.hours.first)
        #expect(LocalTime.rfc3339(step.time, offsetSeconds: 0) == "2013-09-11T09:00:00+00:00", "as its dt_txt")
        #expect(step.temperature == 288.43 && step.code == 3 && step.precipitationChance == nil && step.isDay)
        #expect(forecast.days.isEmpty, "one step of the morning is not a day")
    }

    @Test("Bethnal Green by coordinates: broken clouds, a rain block of 0 ignored")
    func coordinates() throws {
        let answer = try steps("data-2.5-forecast__coords.json")
        #expect(answer.city?.timezone == nil && answer.list.count == 1)
        let step = try #require(answer.list.first)
        #expect(step.dt == 1_413_104_400 && step.main?.temp == 283.77 && step.main?.humidity == 94)
        #expect(step.weather?.first?.id == 803 && step.sys?.pod == "d" && step.pop == nil)
        #expect(OpenWeatherMapConditions.wmoCode(step.weather?.first?.id) == 3)
    }

    @Test("OpenWeatherMap's not-found answer is not read as weather")
    func notFound() throws {
        #expect(throws: DecodingError.self) { _ = try current("data-2.5-weather__404.json") }
    }
}
