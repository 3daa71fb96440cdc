import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeServer
import MarqueeWeather
import MarqueeWire
import Testing

/// `/api/v1/weather/cities`: the embedded city index through the API.
@Suite("Weather API: cities")
struct WeatherCityAPITests {
    let settings = try! TestSettings.make()

    @Test("Search as you type: Paris, France before Paris, Texas, each with its country and region")
    func search() async throws {
        try await withMarquee(settings) { client in
            let answer = try await client.get("/api/v1/weather/cities?q=Paris&limit=10")
            #expect(answer.status == .ok)
            #expect(answer.headers[.cacheControl] == "public, max-age=3600")
            let page = try answer.decode(Page<City>.self)
            #expect(page.page == 1 && page.totalPages == 1 && page.totalResults == page.results.count)
            let france = try #require(page.results.first)
            #expect(france.id == 2_988_507 && france.mediaType == "city" && france.country == "France")
            #expect(france.timezone == "Europe/Paris" && france.countryCode == "FR")
            let texas = try #require(page.results.first { $0.id == 4_717_560 })
            #expect(texas.region == "Texas" && texas.regionCode == "TX" && texas.country == "United States")

            let munich = try await client.get("/api/v1/weather/cities?q=M%C3%BCnchen").decode(Page<City>.self)
            #expect(munich.results.first?.id == 2_867_714)
            let typo = try await client.get("/api/v1/weather/cities?q=lodnon").decode(Page<City>.self)
            #expect(typo.results.contains { $0.id == 2_643_743 })
            let nothing = try await client.get("/api/v1/weather/cities?q=").decode(Page<City>.self)
            #expect(nothing.results.isEmpty && nothing.totalResults == 0)
        }
    }

    @Test("One city by its GeoNames id; unknown and malformed ids are told apart")
    func byID() async throws {
        try await withMarquee(settings) { client in
            let london = try await client.get("/api/v1/weather/cities/2643743").decode(City.self)
            #expect(london.name == "London" && london.country == "United Kingdom" && london.population ?? 0 > 8_000_000)
            for (path, status, code) in [
                ("/api/v1/weather/cities/1", 404, "weather.city_not_found"),
                ("/api/v1/weather/cities/london", 400, "catalog.bad_id"),
                ("/api/v1/weather/cities/2643743?units=metric", 400, "request.unknown_parameter"),
                ("/api/v1/weather/cities?q=a&limit=0", 400, "request.invalid_parameter"),
                ("/api/v1/weather/cities?q=a&limit=51", 400, "request.invalid_parameter"),
                ("/api/v1/weather/cities?q=a&country=FR", 400, "request.unknown_parameter"),
                ("/api/v1/weather/cities?q=\(String(repeating: "a", count: 101))", 400, "request.invalid_parameter"),
                ("/api/v1/weather/cities?q=%FF", 400, "request.invalid_parameter"),
            ] {
                let answer = try await client.get(path)
                #expect(Int(answer.status.code) == status, "\(path)")
                #expect(try answer.errorCode() == code, "\(path)")
            }
        }
    }
}

/// City search with the geocoding upstream (a local fake Open-Meteo) behind the embedded index.
@Suite("Weather API: cities found upstream")
struct WeatherGeocodingTests {
    /// Runs a server whose geocoding is `fake`, waited for `deadline` (long by default: a loaded machine must not
    /// turn a test of merging into one of the deadline).
    func withGeocoding(
        _ fake: FakeOpenMeteo, deadline: Duration = .seconds(20),
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await fake.run { baseURL in
            var settings = try TestSettings.make([
                "weather.provider": "open-meteo", "openMeteo.baseURL": baseURL, "openMeteo.geocodingURL": baseURL,
            ])
            settings.tuning.geocodingDeadline = deadline
            try await withMarquee(settings, body)
        }
    }

    @Test("Too few found in the index: the upstream's places come after, without repeats")
    func merged() async throws {
        let fake = FakeOpenMeteo()
        try await withGeocoding(fake) { client in
            let page = try await client.get("/api/v1/weather/cities?q=lodnon&limit=50").decode(Page<City>.self)
            let ids = page.results.map(\.id)
            #expect(ids.first == 2_643_743, "the index's London first")
            #expect(ids.filter { $0 == 2_643_743 }.count == 1)
            #expect(Array(ids.suffix(2)) == [99_990_001, 99_990_002])
            let cape = try #require(page.results.last)
            #expect(cape.country == nil && cape.population == nil && cape.countryCode == nil && cape.region == nil)
            #expect(page.results.first { $0.id == 99_990_001 }?.region == "England")

            // Enough in the index: no upstream call.
            let before = fake.calls.count
            _ = try await client.get("/api/v1/weather/cities?q=paris")
            #expect(fake.calls.count == before)
            // Nothing found upstream (no `results` at all): the index's own answer, after asking.
            let asked = fake.calls.count
            let none = try await client.get("/api/v1/weather/cities?q=zzyzx&limit=5").decode(Page<City>.self)
            #expect(fake.calls.count == asked + 1)
            let index = try CityIndexTests.index.get()
            #expect(none.results.map(\.id) == index.search("zzyzx", limit: 5).map(\.id))
        }
    }

    @Test("The upstream down or slow: the index's results come back, and in time")
    func unavailable() async throws {
        let down = FakeOpenMeteo()
        down.isDown = true
        try await withGeocoding(down) { client in
            let answer = try await client.get("/api/v1/weather/cities?q=lodnon&limit=50")
            #expect(answer.status == .ok)
            #expect(try answer.decode(Page<City>.self).results.first?.id == 2_643_743)
        }
        try await withGeocoding(FakeOpenMeteo(delay: .seconds(2)), deadline: .milliseconds(500)) { client in
            let started = ContinuousClock.now
            let page = try await client.get("/api/v1/weather/cities?q=lodnon&limit=50").decode(Page<City>.self)
            #expect(page.results.first?.id == 2_643_743)
            #expect(!page.results.contains { $0.id == 99_990_001 })
            #expect(ContinuousClock.now - started < .milliseconds(1_900), "the upstream has half a second")
        }
    }
}
