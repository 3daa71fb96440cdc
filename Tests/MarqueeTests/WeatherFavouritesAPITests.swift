import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeServer
import MarqueeUpstream
import MarqueeWire
import Testing

/// Favourite cities: saved items of kind `city`, whose snapshots the server writes, listed with their weather.
@Suite("Weather API: favourite cities")
struct WeatherFavouritesAPITests {
    /// GeoNames ids, and the fake's temperature now at each (half a degree less per degree of latitude north).
    static let london = "2643743"  // 17.3 °C
    static let paris = "2988507"  // 18.6
    static let oslo = "3143244"  // 13.1
    static let madrid = "3117735"  // 22.8
    static let cities = "/api/v1/me/items?list=favorites&kind=city"

    /// A guest on a server whose weather comes from `fake`.
    struct Guest: Sendable {
        let client: any TestClientProtocol
        let headers: HTTPFields
        let refreshToken: String

        init(_ client: any TestClientProtocol) async throws {
            let guest = try await client.send(
                "/api/v1/auth/guest", method: .post, body: "{}", headers: [.contentType: "application/json"])
            try self.init(client, session: try guest.decode(Session.self))
        }

        private init(_ client: any TestClientProtocol, session: Session) throws {
            self.client = client
            self.headers = [
                .contentType: "application/json", .authorization: "Bearer \(try #require(session.accessToken))",
            ]
            self.refreshToken = try #require(session.refreshToken)
        }

        /// The same guest with a new access token, once the clock has passed the old one's end.
        func refreshed() async throws -> Guest {
            let answer = try await client.send(
                "/api/v1/auth/refresh", method: .post, body: #"{"refresh_token":"\#(refreshToken)"}"#,
                headers: [.contentType: "application/json"])
            return try Guest(client, session: try answer.decode(Session.self))
        }

        func save(_ id: String, _ body: String = "{}") async throws -> TestResponse {
            try await client.send("/api/v1/me/items/favorites/city/\(id)", method: .put, body: body, headers: headers)
        }

        func get(_ path: String) async throws -> TestResponse {
            try await client.send(path, method: .get, headers: headers)
        }

        func page(_ path: String) async throws -> ItemPage {
            let answer = try await get(path)
            #expect(answer.status == .ok, "\(path)")
            return try answer.decode(ItemPage.self)
        }
    }

    func withGuest(
        _ fake: FakeOpenMeteo = FakeOpenMeteo(), clock: TestClock = TestClock(),
        _ body: @escaping @Sendable (Guest) async throws -> Void
    ) async throws {
        try await fake.run { baseURL in
            var settings = try TestSettings.make([
                "weather.provider": "open-meteo", "openMeteo.baseURL": baseURL, "openMeteo.geocodingURL": baseURL,
            ])
            settings.tuning.weatherPolicy.retryBaseDelay = .milliseconds(5)
            // Upstream calls are counted: a loaded machine must not turn a slow answer into a second call.
            settings.tuning.weatherPolicy.timeout = .seconds(60)
            var dependencies = AppDependencies.forTests
            dependencies.now = clock.closure
            try await withMarquee(settings, dependencies: dependencies) { try await body(try await Guest($0)) }
        }
    }

    @Test("The server writes a saved city's snapshot: a note is enough, made-up coordinates are replaced")
    func snapshot() async throws {
        try await withGuest { guest in
            let saved = try await guest.save(Self.london, #"{"note":"bring an umbrella"}"#)
            #expect(saved.status == .created)
            let item = try #require(try saved.decode(ItemChange.self).item)
            #expect(item.snapshot.title == "London" && item.note == "bring an umbrella")
            #expect(item.snapshot.subtitle == "United Kingdom")
            #expect(item.snapshot.extra?["latitude"] == "51.50853" && item.snapshot.extra?["longitude"] == "-0.12574")
            #expect(item.snapshot.extra?["country_code"] == "GB" && item.snapshot.extra?["timezone"] == "Europe/London")

            let forged = try await guest.save(
                Self.london, #"{"snapshot":{"title":"Atlantis","extra":{"latitude":"0","longitude":"0"}}}"#)
            #expect(forged.status == .ok)
            let kept = try #require(try forged.decode(ItemChange.self).item)
            #expect(kept.snapshot.title == "London" && kept.snapshot.extra?["latitude"] == "51.50853")
            #expect(kept.note == "bring an umbrella", "saving again keeps the note")

            let texas = try await guest.save("4717560")
            #expect(try texas.decode(ItemChange.self).item?.snapshot.subtitle == "Texas, United States")
        }
    }

    @Test("Only real cities: the index's, or a smaller place the geocoding upstream knows by the same id")
    func realCities() async throws {
        let fake = FakeOpenMeteo()
        try await withGuest(fake) { guest in
            let small = try await guest.save("99990001")
            #expect(small.status == .created)
            #expect(try small.decode(ItemChange.self).item?.snapshot.title == "Lodnon Green")
            let details = try await guest.get("/api/v1/weather/cities/99990001")
            #expect(try details.decode(City.self).name == "Lodnon Green")

            let unknown = try await guest.save("12345678")
            #expect(unknown.status == .notFound)
            #expect(try unknown.errorCode() == "weather.city_not_found")
            let edited = try await guest.client.send(
                "/api/v1/me/items/favorites/city/99990001", method: .patch,
                body: #"{"snapshot":{"title":"Elsewhere"}}"#, headers: guest.headers)
            #expect(try edited.decode(ItemChange.self).item?.snapshot.title == "Lodnon Green")
            #expect(try await guest.save("0x12").errorCode() == "items.bad_id")

            fake.isDown = true
            let down = try await guest.save("99990002")
            #expect(down.status == .serviceUnavailable)
            #expect(try down.errorCode() == "weather.upstream_unavailable")
            #expect(try await guest.save(Self.paris).status == .created, "the index needs no upstream")
        }
        // Weather switched off: no geocoding either, so only the index vouches.
        try await withMarquee(try TestSettings.make()) { client in
            let guest = try await Guest(client)
            #expect(try await guest.save(Self.oslo).status == .created)
            #expect(try await guest.save("99990001").errorCode() == "weather.city_not_found")
            #expect(try await guest.page(Self.cities).weather == nil)
            // sort=temperature still pages through every city: all of unknown weather, so by name.
            #expect(try await guest.save(Self.madrid).status == .created)
            let first = try await guest.page(Self.cities + "&sort=temperature&limit=1")
            #expect(first.results.map(\.id) == [Self.madrid] && first.totalResults == 2 && first.weather == nil)
            let cursor = try #require(first.nextCursor)
            let second = try await guest.page(Self.cities + "&sort=temperature&limit=1&cursor=\(cursor)")
            #expect(second.results.map(\.id) == [Self.oslo] && second.nextCursor == nil)
        }
    }

    @Test("A page of favourite cities carries each one's weather, from one batched upstream call")
    func pageWeather() async throws {
        let fake = FakeOpenMeteo()
        try await withGuest(fake) { guest in
            for id in [Self.london, Self.paris, Self.oslo, Self.madrid] {
                #expect(try await guest.save(id).status == .created)
            }
            #expect(fake.forecastCalls.isEmpty, "saving asks for no weather")
            let page = try await guest.page(Self.cities)
            let weather = try #require(page.weather)
            #expect(weather.units == "metric" && weather.attribution.text == "Weather data by Open-Meteo.com")
            #expect(
                weather.cities[Self.london]?.temperature == 17.3 && weather.cities[Self.madrid]?.temperature == 22.8)
            #expect(weather.cities[Self.oslo]?.condition.text == "Partly cloudy" && weather.cities.count == 4)
            #expect(weather.cities[Self.paris]?.stale == false)
            #expect(fake.forecastCalls.count == 1, "\(fake.forecastCalls)")
            #expect(fake.forecastCalls.first?.contains("latitude=") == true)

            // Each city's answer was cached as its own: the detail page and the list again make no call.
            let forecast = try await guest.get("/api/v1/weather/cities/\(Self.paris)/forecast").decode(Forecast.self)
            #expect(forecast.current?.temperature == 18.6)
            let imperial = try await guest.page(Self.cities + "&units=imperial")
            #expect(imperial.weather?.units == "imperial" && imperial.weather?.cities[Self.london]?.temperature == 63.1)
            #expect(fake.forecastCalls.count == 1)

            // Movies on the same list get no weather.
            let movies = try await guest.page("/api/v1/me/items?list=favorites&kind=movie")
            #expect(movies.weather == nil)
            #expect(try await guest.get(Self.cities + "&units=kelvin").errorCode() == "request.invalid_parameter")
        }
    }

    @Test("Upstream down: the list still answers, with the last weather marked stale, and then without weather")
    func stale() async throws {
        let fake = FakeOpenMeteo()
        let clock = TestClock()
        try await withGuest(fake, clock: clock) { guest in
            for id in [Self.london, Self.oslo] { _ = try await guest.save(id) }
            _ = try await guest.page(Self.cities)
            fake.isDown = true
            clock.advance(by: 2 * 3_600)
            let guest = try await guest.refreshed()
            let stale = try await guest.page(Self.cities)
            #expect(stale.results.count == 2)
            #expect(stale.weather?.cities[Self.london]?.stale == true)
            #expect(stale.weather?.cities[Self.london]?.temperature == 17.3)
            clock.advance(by: 24 * 3_600)
            let gone = try await guest.refreshed().page(Self.cities)
            #expect(gone.results.count == 2 && gone.weather?.cities.isEmpty == true, "no weather invented")
        }
    }

    @Test("sort=temperature: warmest first, or coldest with order=asc, paged by cursor; it needs kind=city")
    func sortedByTemperature() async throws {
        let fake = FakeOpenMeteo()
        try await withGuest(fake) { guest in
            for id in [Self.london, Self.paris, Self.oslo, Self.madrid] { _ = try await guest.save(id) }
            let sorted = Self.cities + "&sort=temperature"
            let first = try await guest.page(sorted + "&limit=3")
            #expect(first.results.map(\.id) == [Self.madrid, Self.paris, Self.london] && first.totalResults == 4)
            #expect(Set(first.weather?.cities.keys ?? [:].keys) == [Self.madrid, Self.paris, Self.london])
            let cursor = try #require(first.nextCursor)
            let second = try await guest.page(sorted + "&limit=3&cursor=\(cursor)")
            #expect(second.results.map(\.id) == [Self.oslo] && second.nextCursor == nil)
            let coldest = try await guest.page(sorted + "&order=asc")
            #expect(coldest.results.map(\.id) == [Self.oslo, Self.london, Self.paris, Self.madrid])
            #expect(fake.forecastCalls.count == 1)

            for (path, code) in [
                ("/api/v1/me/items?list=favorites&sort=temperature", "request.invalid_parameter"),
                (sorted + "&cursor=temperature-9999", "items.bad_cursor"),
                (sorted + "&limit=3&order=asc&cursor=\(cursor)", "items.bad_cursor"),
                (sorted + "&limit=3&q=lon&cursor=\(cursor)", "items.bad_cursor"),
                (sorted + "&units=kelvin", "request.invalid_parameter"),
                (sorted + "&cursor=abc", "items.bad_cursor"),
                (sorted + "&order=up", "request.invalid_parameter"),
            ] {
                #expect(try await guest.get(path).errorCode() == code, "\(path)")
            }
        }
    }

    @Test("Cities whose weather is unknown sort last, by name")
    func unknownWeatherLast() async throws {
        let fake = FakeOpenMeteo()
        try await withGuest(fake) { guest in
            for id in [Self.london, Self.oslo] { _ = try await guest.save(id) }
            fake.isDown = true
            let page = try await guest.page(Self.cities + "&sort=temperature")
            #expect(page.results.map(\.snapshot.title) == ["London", "Oslo"])
            #expect(page.weather?.cities.isEmpty == true)
        }
    }

    @Test("Export and import carry favourite cities with their notes; an import cannot bring in a made-up city")
    func exportImport() async throws {
        try await withGuest { guest in
            _ = try await guest.save(Self.london, #"{"note":"Bring an umbrella"}"#)
            let export = try await guest.get("/api/v1/me/export?format=json")
            #expect(export.status == .ok && export.text.contains(#""media_type":"city""#))

            let other = try await Guest(guest.client)
            let report = try await other.client.send(
                "/api/v1/me/import", method: .post, body: export.text, headers: other.headers
            ).decode(ImportReport.self)
            #expect(report.imported == 1 && report.invalid.isEmpty)
            let imported = try #require(try await other.page(Self.cities).results.first)
            #expect(imported.snapshot.title == "London" && imported.note == "Bring an umbrella")

            let forged = export.text.replacingOccurrences(of: #""id":"2643743""#, with: #""id":"12345678""#)
            let refused = try await other.client.send(
                "/api/v1/me/import", method: .post, body: forged, headers: other.headers
            ).decode(ImportReport.self)
            #expect(refused.imported == 0 && refused.invalid.first?.reason.contains("no city") == true)
        }
    }
}
