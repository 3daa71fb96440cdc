import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import MarqueeServer
import MarqueeUpstream
import MarqueeWire
import Testing

/// `GET /api/v1/weather/cities/{id}/forecast` with OpenWeatherMap as the provider, against a local fake, on a test
/// clock. The fixtures' steps start at 15:00 UTC (16:00 in London) on 2026-09-21, just after the clock's 14:13 UTC.
@Suite("Weather API: OpenWeatherMap")
struct WeatherOpenWeatherMapTests {
    static let london = "/api/v1/weather/cities/2643743/forecast"

    /// Runs a server whose weather comes from `fake`, asked with `apiKey`, on `clock`.
    func withWeather(
        _ fake: FakeOpenWeatherMap, clock: TestClock, apiKey: String = FakeOpenWeatherMap.apiKey,
        logger: Logger = TestSettings.quietLogger,
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await fake.run { baseURL in
            var settings = try TestSettings.make([
                "weather.provider": "openweathermap", "openweathermap.apiKey": apiKey,
                "openweathermap.baseURL": baseURL,
            ])
            settings.tuning.openWeatherMapPolicy.retryBaseDelay = .milliseconds(5)
            // Upstream calls are counted: a loaded machine must not turn a slow answer into a second call.
            settings.tuning.openWeatherMapPolicy.timeout = .seconds(60)
            // Two calls a forecast, all within a second of real time: past a visitor's share of the calls, which is
            // not what these tests are about.
            settings.tuning.openWeatherMapPolicy.anonymousPerAddressBurst = 100
            settings.tuning.openWeatherMapPolicy.requestsPerSecond = 1_000
            var dependencies = AppDependencies.forTests
            dependencies.now = clock.closure
            try await withMarquee(settings, logger: logger, dependencies: dependencies, body)
        }
    }

    @Test("Now, eight 3-hour steps for 24 hours, the city's local days, credited to OpenWeather")
    func forecast() async throws {
        let fake = FakeOpenWeatherMap()
        try await withWeather(fake, clock: TestClock()) { client in
            let answer = try await client.get(Self.london)
            #expect(answer.status == .ok)
            let forecast = try answer.decode(Forecast.self)
            #expect(forecast.units == "metric" && !forecast.stale && forecast.fetchedAt == "2026-09-21T14:13:20Z")
            #expect(
                forecast.attribution
                    == Forecast.Attribution(
                        text: "Weather data by OpenWeather", url: "https://openweathermap.org/", license: "CC BY-SA 4.0"
                    ))
            let now = try #require(forecast.current)
            #expect(now.time == "2026-09-21T15:10:00+01:00")
            #expect(now.temperature == 17.8 && now.feelsLike == 17.1 && now.humidity == 64 && now.windDirection == 230)
            #expect(now.windSpeed == 14.8, "4.1 m/s in km/h")
            #expect(now.condition == Forecast.Condition(code: 2, text: "Partly cloudy", icon: "partly-cloudy-day"))
            #expect(forecast.hourlyStepHours == 3 && forecast.hourly.count == 8)
            #expect(forecast.hourly.first?.time == "2026-09-21T16:00:00+01:00")
            #expect(forecast.hourly.last?.time == "2026-09-22T13:00:00+01:00", "the eighth step ends 24 hours on")
            #expect(forecast.hourly[1].condition.icon == "partly-cloudy-night", "its part of day is n")
            #expect(forecast.hourly[4].condition.text == "Light rain" && forecast.hourly[4].precipitationChance == 46)
            #expect(
                forecast.daily.map(\.date) == ["2026-09-21", "2026-09-22", "2026-09-23", "2026-09-24", "2026-09-25"],
                "London's dates; the 26th, whose steps stop at 13:00, is left out")
            #expect(forecast.daily[0].sunrise == "2026-09-21T06:48:00+01:00")
            #expect(forecast.daily[0].sunset == "2026-09-21T19:03:00+01:00")
            #expect(forecast.daily[1].sunrise == nil, "OpenWeatherMap tells today's only")
            let stormy = forecast.daily[1]
            #expect(stormy.min == 9.7 && stormy.max == 17.2 && stormy.precipitationChance == 78)
            #expect(stormy.condition.text == "Thunderstorm", "the most severe of the day's steps")
            #expect(forecast.daily[4].condition.text == "Light showers")
            #expect(fake.calls.count == 2)
            #expect(fake.calls.allSatisfy { $0.contains("lat=51.5085") && $0.contains("units=metric") })
        }
    }

    @Test("Imperial is converted from the cached metric forecast: no more upstream calls")
    func imperial() async throws {
        let fake = FakeOpenWeatherMap()
        try await withWeather(fake, clock: TestClock()) { client in
            _ = try await client.get(Self.london)
            let forecast = try await client.get(Self.london + "?units=imperial").decode(Forecast.self)
            #expect(forecast.units == "imperial")
            #expect(forecast.current?.temperature == 64.0 && forecast.current?.windSpeed == 9.2)
            #expect(forecast.daily[1].max == 63.0 && forecast.daily[1].min == 49.5)
            #expect(fake.calls.count == 2)
        }
    }

    @Test("The key stays on the server: in no answer, header or log line, the upstream up or down")
    func keyStaysOnServer() async throws {
        let fake = FakeOpenWeatherMap()
        let clock = TestClock()
        let logs = LogCapture()
        try await withWeather(fake, clock: clock, logger: logs.logger) { client in
            var texts: [String] = []
            for path in [Self.london, Self.london + "?units=imperial", "/api/v1/openapi.json", "/readyz", "/metrics"] {
                let answer = try await client.get(path)
                texts.append(answer.text + "\(answer.headers)")
            }
            fake.isDown = true
            clock.advance(by: 2 * 3_600)
            texts.append(try await client.get(Self.london).text)
            clock.advance(by: 24 * 3_600)
            texts.append(try await client.get(Self.london).text)
            #expect(texts.allSatisfy { !$0.contains(FakeOpenWeatherMap.apiKey) })
        }
        #expect(fake.calls.allSatisfy { $0.contains("appid=\(FakeOpenWeatherMap.apiKey)") }, "only OpenWeatherMap")
        #expect(!logs.all.isEmpty)
        #expect(logs.all.allSatisfy { !$0.contains(FakeOpenWeatherMap.apiKey) })
    }

    @Test("A rejected key: 503 weather.upstream_unavailable, and a log line saying so without the key")
    func rejectedKey() async throws {
        let logs = LogCapture()
        try await withWeather(
            FakeOpenWeatherMap(), clock: TestClock(), apiKey: "wrong-owm-key-000", logger: logs.logger
        ) { client in
            let answer = try await client.get(Self.london)
            #expect(answer.status == .serviceUnavailable)
            #expect(try answer.errorCode() == "weather.upstream_unavailable")
        }
        #expect(logs.all.contains { $0.contains("credentials") })
        #expect(logs.all.allSatisfy { !$0.contains("wrong-owm-key-000") })
    }

    @Test("Upstream down: the last forecast, marked stale, for up to a day; then 503 weather.upstream_unavailable")
    func stale() async throws {
        let fake = FakeOpenWeatherMap()
        let clock = TestClock()
        try await withWeather(fake, clock: clock) { client in
            _ = try await client.get(Self.london)
            clock.advance(by: 1_800)
            _ = try await client.get(Self.london)
            #expect(fake.calls.count == 2, "fresh for an hour")
            fake.isDown = true
            clock.advance(by: 2 * 3_600)
            let old = try await client.get(Self.london)
            #expect(old.status == .ok)
            let forecast = try old.decode(Forecast.self)
            #expect(forecast.stale && forecast.fetchedAt == "2026-09-21T14:13:20Z")
            #expect(forecast.hourly.count == 8 && forecast.hourly.first?.time == "2026-09-21T16:00:00+01:00")
            clock.advance(by: 23 * 3_600)
            let gone = try await client.get(Self.london)
            #expect(gone.status == .serviceUnavailable)
            #expect(try gone.errorCode() == "weather.upstream_unavailable")
            fake.isDown = false
            let back = try await client.get(Self.london).decode(Forecast.self)
            #expect(!back.stale)
        }
    }

    @Test("Never fetched and the upstream down: 503, with no weather invented")
    func neverFetched() async throws {
        let fake = FakeOpenWeatherMap()
        fake.isDown = true
        try await withWeather(fake, clock: TestClock()) { client in
            let answer = try await client.get(Self.london)
            #expect(answer.status == .serviceUnavailable)
            #expect(try answer.errorCode() == "weather.upstream_unavailable")
        }
    }

    @Test("A list asks OpenWeatherMap for two uncached cities at most, and shows the rest once they are cached")
    func listBudget() async throws {
        let fake = FakeOpenWeatherMap()
        try await withWeather(fake, clock: TestClock()) { client in
            let guest = try await WeatherFavouritesAPITests.Guest(client)
            for id in ["2643743", "2988507", "3143244"] { _ = try await guest.save(id) }
            let first = try await guest.page("/api/v1/me/items?list=favorites&kind=city")
            #expect(first.weather?.cities.count == 2)
            #expect(fake.calls.count == 4, "two calls for each of two cities: \(fake.calls)")
            let second = try await guest.page("/api/v1/me/items?list=favorites&kind=city")
            #expect(second.weather?.cities.count == 3, "the two cached, and the third asked for now")
            #expect(fake.calls.count == 6)
        }
    }
}
