import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeServer
import MarqueeUpstream
import Testing

/// `/weather` and `/weather/{id}`, drawn by the server (the browser tests drive their scripts).
@Suite("Web app: weather pages")
struct WeatherWebPagesTests {
    static let html: HTTPFields = [.accept: "text/html"]

    func withWeather(
        _ fake: FakeOpenMeteo = FakeOpenMeteo(),
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await fake.run { baseURL in
            var settings = try TestSettings.make([
                "weather.provider": "open-meteo", "openMeteo.baseURL": baseURL, "openMeteo.geocodingURL": baseURL,
            ])
            settings.tuning.weatherPolicy.retryBaseDelay = .milliseconds(5)
            // Upstream calls are counted: a loaded machine must not turn a slow answer into a second call.
            settings.tuning.weatherPolicy.timeout = .seconds(60)
            var dependencies = AppDependencies.forTests
            dependencies.now = TestClock().closure
            try await withMarquee(settings, dependencies: dependencies, body)
        }
    }

    @Test("Searching without script lists the cities found, each with its country and region")
    func search() async throws {
        try await withWeather { client in
            let page = try await client.send("/weather?q=paris", method: .get, headers: Self.html)
            #expect(page.status == .ok)
            let france = try #require(
                page.text.range(of: #"<a href="/weather/2988507">Paris</a> <span class="s">France"#))
            let texas = try #require(page.text.range(of: #"<span class="s">Texas, United States</span>"#))
            #expect(france.lowerBound < texas.lowerBound)
            #expect(page.text.contains("Weather data by Open-Meteo.com") && page.text.contains("GeoNames"))
            #expect(
                page.text.contains(#"href="/weather" aria-current="page">Weather</a>"#), "Weather is in the navigation")
            let nothing = try await client.send("/weather?q=qqqqqq", method: .get, headers: Self.html)
            #expect(nothing.text.contains("No city by that name"))
        }
    }

    @Test("A city's page: now, 24 hours, the days ahead, and the add form with a preview")
    func city() async throws {
        try await withWeather { client in
            let guest = try await BrowserSession.guest(client)
            let page = try await client.send(
                "/weather/2643743", method: .get, headers: [.accept: "text/html", .cookie: guest.cookie])
            #expect(page.status == .ok)
            #expect(page.text.contains("<h1>London <span class=\"s\">United Kingdom</span></h1>"))
            #expect(page.text.contains(#"<span class="temp">17°</span><span class="unit">°C</span>"#))
            #expect(page.text.contains("Partly cloudy") && page.text.contains("Feels like 16°"))
            #expect(page.text.contains(#"id="city-favourite""#) && page.text.contains("The favourite will show"))

            _ = try await guest.send(client, "/api/v1/me/items/favorites/city/2643743", .put, #"{"note":"Umbrella"}"#)
            let saved = try await client.send(
                "/weather/2643743", method: .get, headers: [.accept: "text/html", .cookie: guest.cookie])
            #expect(saved.text.contains("In your favourites") && saved.text.contains(">Umbrella</p>"))
        }
    }

    @Test("°F: the link's choice is kept in a cookie for visitors; signed in, the preference decides")
    func units() async throws {
        try await withWeather { client in
            let chosen = try await client.send("/weather/2643743?units=imperial", method: .get, headers: Self.html)
            #expect(chosen.text.contains(#"<span class="unit">°F</span>"#))
            let cookie = try #require(chosen.headers[.setCookie])
            #expect(cookie.hasPrefix("marquee_units=imperial;"))
            let later = try await client.send(
                "/weather/2643743", method: .get, headers: [.accept: "text/html", .cookie: "marquee_units=imperial"])
            #expect(later.text.contains(#"<span class="unit">°F</span>"#))

            let guest = try await BrowserSession.guest(client)
            _ = try await guest.send(client, "/api/v1/me", .patch, #"{"temperature_unit":"fahrenheit"}"#)
            let preferred = try await client.send(
                "/weather/2643743", method: .get,
                headers: [.accept: "text/html", .cookie: guest.cookie + "; marquee_units=metric"])
            #expect(preferred.text.contains(#"<span class="unit">°F</span>"#))
            let refused = try await client.send("/weather/2643743?units=kelvin", method: .get, headers: Self.html)
            #expect(refused.status == .badRequest && refused.text.contains("request.invalid_parameter"))
        }
    }

    @Test("Favourite cities with their weather, warmest first on request; weather that cannot be had is not invented")
    func favourites() async throws {
        let fake = FakeOpenMeteo()
        try await withWeather(fake) { client in
            let guest = try await BrowserSession.guest(client)
            for id in ["3143244", "3117735", "2643743"] {
                _ = try await guest.send(client, "/api/v1/me/items/favorites/city/\(id)", .put, "{}")
            }
            let headers: HTTPFields = [.accept: "text/html", .cookie: guest.cookie]
            let byName = try await client.send("/weather", method: .get, headers: headers)
            let names = byName.text.matches(of: /class="t" href="\/weather\/\d+" dir="auto">([^<]+)</).map {
                String($0.1)
            }
            #expect(names == ["London", "Madrid", "Oslo"])
            #expect(byName.text.contains(#"<span class="temp">23°</span>"#), "Madrid's 22.8 °C")
            let warmest = try await client.send("/weather?sort=temperature", method: .get, headers: headers)
            let order = warmest.text.matches(of: /class="t" href="\/weather\/\d+" dir="auto">([^<]+)</).map {
                String($0.1)
            }
            #expect(order == ["Madrid", "London", "Oslo"])
            #expect(fake.forecastCalls.count == 1, "one batched call for the three")

            let unknown = try await client.send("/weather/1", method: .get, headers: Self.html)
            #expect(unknown.status == .notFound && unknown.text.contains("weather.city_not_found"))

            fake.isDown = true
            let city = try await client.send("/weather/2950159", method: .get, headers: headers)
            #expect(city.status == .ok && city.text.contains("No weather to show right now"))
            #expect(!city.text.contains(#"class="temp""#))
        }
    }
}
