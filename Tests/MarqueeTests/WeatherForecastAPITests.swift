import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeServer
import MarqueeUpstream
import MarqueeWire
import Testing

/// `GET /api/v1/weather/cities/{id}/forecast` against a local fake Open-Meteo, on a test clock.
@Suite("Weather API: forecasts")
struct WeatherForecastAPITests {
    static let london = "/api/v1/weather/cities/2643743/forecast"

    /// Runs a server whose weather comes from `fake`, on `clock`.
    func withWeather(
        _ fake: FakeOpenMeteo, clock: TestClock, dataDir: String = TestSettings.makeDataDirectory(),
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await fake.run { baseURL in
            var settings = try TestSettings.make([
                "weather.provider": "open-meteo", "openMeteo.baseURL": baseURL, "openMeteo.geocodingURL": baseURL,
                "dataDir": dataDir,
            ])
            settings.tuning.weatherPolicy.retryBaseDelay = .milliseconds(5)
            // Upstream calls are counted: a loaded machine must not turn a slow answer into a second call.
            settings.tuning.weatherPolicy.timeout = .seconds(60)
            var dependencies = AppDependencies.forTests
            dependencies.now = clock.closure
            try await withMarquee(settings, dependencies: dependencies, body)
        }
    }

    @Test("Now, the next 24 hours from the current one and the coming days, in the city's local time")
    func forecast() async throws {
        let fake = FakeOpenMeteo()
        try await withWeather(fake, clock: TestClock()) { client in
            let answer = try await client.get(Self.london)
            #expect(answer.status == .ok)
            let forecast = try answer.decode(Forecast.self)
            #expect(forecast.city.id == 2_643_743 && forecast.units == "metric" && !forecast.stale)
            #expect(forecast.fetchedAt == "2026-09-21T14:13:20Z")
            #expect(forecast.attribution.text == "Weather data by Open-Meteo.com")
            let now = try #require(forecast.current)
            #expect(now.temperature == 17.3 && now.feelsLike == 16.1 && now.humidity == 62 && now.windSpeed == 14.8)
            #expect(now.condition == Forecast.Condition(code: 2, text: "Partly cloudy", icon: "partly-cloudy-day"))
            #expect(forecast.hourly.count == 24 && forecast.hourlyStepHours == 1)
            #expect(forecast.hourly.first?.time == "2026-09-21T15:00:00+01:00", "the hour under way at 15:13 BST")
            #expect(forecast.hourly.last?.time == "2026-09-22T14:00:00+01:00")
            #expect(forecast.hourly[1].temperature == nil, "a null in Open-Meteo's array stays unknown")
            #expect(forecast.daily.count == 4 && forecast.daily.first?.date == "2026-09-21")
            #expect(forecast.daily.first?.sunrise == "2026-09-21T06:48:00+01:00")
            #expect(forecast.daily[1].condition.text == "Light rain" && forecast.daily[1].precipitationChance == 85)
            #expect(forecast.daily[3].max == nil)
            let query = try #require(fake.calls.first)
            #expect(query.contains("latitude=51.5085") && query.contains("timeformat=unixtime"))
        }
    }

    @Test("Imperial is converted from the cached metric forecast: no second upstream call")
    func imperial() async throws {
        let fake = FakeOpenMeteo()
        try await withWeather(fake, clock: TestClock()) { client in
            _ = try await client.get(Self.london)
            let forecast = try await client.get(Self.london + "?units=imperial").decode(Forecast.self)
            #expect(forecast.units == "imperial")
            #expect(forecast.current?.temperature == 63.1 && forecast.current?.windSpeed == 9.2)
            #expect(forecast.daily.first?.max == 65.1)
            #expect(fake.calls.count == 1)
        }
    }

    @Test("Without ?units=, a signed-in person's temperature_unit decides (a guest's too); ?units= wins")
    func preference() async throws {
        try await withWeather(FakeOpenMeteo(), clock: TestClock()) { client in
            let json: HTTPFields = [.contentType: "application/json"]
            let guest = try await client.send("/api/v1/auth/guest", method: .post, body: "{}", headers: json)
                .decode(Session.self)
            var signedIn = json
            signedIn[.authorization] = "Bearer \(try #require(guest.accessToken))"
            let changed = try await client.send(
                "/api/v1/me", method: .patch, body: #"{"temperature_unit":"fahrenheit"}"#, headers: signedIn)
            #expect(changed.status == .ok)
            let preferred = try await client.send(Self.london, method: .get, headers: signedIn).decode(Forecast.self)
            #expect(preferred.units == "imperial" && preferred.current?.temperature == 63.1)
            let asked = try await client.send(Self.london + "?units=metric", method: .get, headers: signedIn)
                .decode(Forecast.self)
            #expect(asked.units == "metric")
            #expect(try await client.get(Self.london).decode(Forecast.self).units == "metric", "a visitor")
        }
    }

    @Test("Upstream down: the last forecast, marked stale, for up to a day; then 503 weather.upstream_unavailable")
    func stale() async throws {
        let fake = FakeOpenMeteo()
        let clock = TestClock()
        try await withWeather(fake, clock: clock) { client in
            _ = try await client.get(Self.london)
            clock.advance(by: 1_800)
            _ = try await client.get(Self.london)
            #expect(fake.calls.count == 1, "fresh for an hour")
            fake.isDown = true
            clock.advance(by: 2 * 3_600)
            let old = try await client.get(Self.london).decode(Forecast.self)
            #expect(old.stale && old.fetchedAt == "2026-09-21T14:13:20Z")
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
        let fake = FakeOpenMeteo()
        fake.isDown = true
        try await withWeather(fake, clock: TestClock()) { client in
            let answer = try await client.get(Self.london)
            #expect(answer.status == .serviceUnavailable)
            #expect(try answer.errorCode() == "weather.upstream_unavailable")
        }
    }

    @Test("100 concurrent cold requests for one city make one upstream call")
    func coalesced() async throws {
        let fake = FakeOpenMeteo(delay: .milliseconds(300))
        try await withWeather(fake, clock: TestClock()) { client in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<100 { group.addTask { try await client.get(Self.london).status } }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .ok })
            #expect(fake.calls.count == 1)
        }
    }

    @Test("The cache outlives a restart: a new server answers from it with the upstream down")
    func cacheAcrossRestart() async throws {
        let dataDir = TestSettings.makeDataDirectory()
        let clock = TestClock()
        try await withWeather(FakeOpenMeteo(), clock: clock, dataDir: dataDir) { client in
            _ = try await client.get(Self.london)
        }
        let down = FakeOpenMeteo()
        down.isDown = true
        clock.advance(by: 600)
        try await withWeather(down, clock: clock, dataDir: dataDir) { client in
            let forecast = try await client.get(Self.london).decode(Forecast.self)
            #expect(!forecast.stale && forecast.fetchedAt == "2026-09-21T14:13:20Z")
            #expect(down.calls.isEmpty)
        }
    }

    @Test("Bad input: an unknown city, a bad unit, an unknown parameter; weather switched off")
    func errors() async throws {
        try await withWeather(FakeOpenMeteo(), clock: TestClock()) { client in
            for (path, status, code) in [
                ("/api/v1/weather/cities/1/forecast", 404, "weather.city_not_found"),
                ("/api/v1/weather/cities/x/forecast", 400, "catalog.bad_id"),
                (Self.london + "?units=kelvin", 400, "request.invalid_parameter"),
                (Self.london + "?unit=metric", 400, "request.unknown_parameter"),
            ] {
                let answer = try await client.get(path)
                #expect(Int(answer.status.code) == status, "\(path)")
                #expect(try answer.errorCode() == code, "\(path)")
            }
        }
        try await withMarquee(try TestSettings.make()) { client in
            let off = try await client.get(Self.london)
            #expect(off.status == .serviceUnavailable)
            #expect(try off.errorCode() == "weather.upstream_unavailable")
        }
    }
}
