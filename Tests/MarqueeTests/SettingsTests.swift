import Foundation
import MarqueeCatalog
import MarqueeServer
import Testing

@Suite("Settings")
struct SettingsTests {
    @Test(
        "Setting keys map to MARQUEE_ environment variables",
        arguments: [
            ("port", "MARQUEE_PORT"), ("dataDir", "MARQUEE_DATA_DIR"), ("publicURL", "MARQUEE_PUBLIC_URL"),
            ("tmdb.apiKey", "MARQUEE_TMDB_API_KEY"), ("tmdb.readToken", "MARQUEE_TMDB_READ_TOKEN"),
            ("tmdb.baseURL", "MARQUEE_TMDB_BASE_URL"), ("tmdb.imageBaseURL", "MARQUEE_TMDB_IMAGE_BASE_URL"),
            ("defaultRegion", "MARQUEE_DEFAULT_REGION"), ("defaultLanguage", "MARQUEE_DEFAULT_LANGUAGE"),
            ("logLevel", "MARQUEE_LOG_LEVEL"), ("openweathermap.apiKey", "MARQUEE_OPENWEATHERMAP_API_KEY"),
            ("openweathermap.baseURL", "MARQUEE_OPENWEATHERMAP_BASE_URL"),
        ])
    func environmentNames(key: String, variable: String) {
        #expect(SettingsReader.environmentName(of: key) == variable)
    }

    @Test("Defaults")
    func defaults() throws {
        let settings = try ServerSettings(reading: TestSettings.reader([:]))
        #expect(settings.host == "127.0.0.1")
        #expect(settings.port == 8080)
        #expect(settings.dataDirectory == "./marquee-data")
        #expect(settings.tmdb == nil)
        #expect(settings.defaultRegion == "US")
        #expect(settings.defaultLanguage == "en-US")
        #expect(settings.resolvedPublicURL(boundPort: 8080) == "http://127.0.0.1:8080")
    }

    @Test(
        "Invalid values fail naming the setting and its variable",
        arguments: [
            ("port", "eighty", "MARQUEE_PORT"), ("port", "70000", "MARQUEE_PORT"),
            ("publicURL", "not a url", "MARQUEE_PUBLIC_URL"), ("tmdb.baseURL", "ftp://x", "MARQUEE_TMDB_BASE_URL"),
            ("defaultRegion", "Europe", "MARQUEE_DEFAULT_REGION"),
            ("defaultLanguage", "english", "MARQUEE_DEFAULT_LANGUAGE"),
            ("logLevel", "loud", "MARQUEE_LOG_LEVEL"), ("tmdb.rateLimit", "0", "MARQUEE_TMDB_RATE_LIMIT"),
            ("databaseURL", "mysql://db/x", "MARQUEE_DATABASE_URL"),
            ("databaseURL", "postgres://db/x?sslmode=sometimes", "MARQUEE_DATABASE_URL"),
            ("databaseURL", "postgres://db/x?pool_size=0", "MARQUEE_DATABASE_URL"),
            ("trustedProxies", "127.0.0.1, 10.0.0.0/8", "MARQUEE_TRUSTED_PROXIES"),
            // Not a provider Marquee has: refused, not accepted and then silently serving no weather.
            ("weather.provider", "darksky", "MARQUEE_WEATHER_PROVIDER"),
            ("openMeteo.baseURL", "ftp://x", "MARQUEE_OPEN_METEO_BASE_URL"),
            ("openweathermap.baseURL", "ftp://x", "MARQUEE_OPENWEATHERMAP_BASE_URL"),
        ])
    func invalidValues(key: String, value: String, variable: String) {
        #expect {
            _ = try ServerSettings(reading: TestSettings.reader([key: value]))
        } throws: { error in
            let description = String(describing: error)
            return description.contains(variable) && description.contains(key)
        }
    }

    @Test("A TMDB key or read token selects TMDB")
    func tmdbCredentials() throws {
        let withKey = try ServerSettings(reading: TestSettings.reader(["tmdb.apiKey": "abc"]))
        #expect(withKey.tmdb?.baseURL == "https://api.themoviedb.org/3")
        let withToken = try ServerSettings(
            reading: TestSettings.reader(["tmdb.readToken": "tok", "tmdb.baseURL": "http://127.0.0.1:9/3/"]))
        #expect(withToken.tmdb?.baseURL == "http://127.0.0.1:9/3")
    }

    @Test("An OpenWeatherMap key selects OpenWeatherMap unless a provider is named; naming it without a key fails")
    func openWeatherMap() throws {
        let keyed = try ServerSettings(reading: TestSettings.reader(["openweathermap.apiKey": "k"]))
        #expect(keyed.weather.provider == .openWeatherMap && keyed.weather.openWeatherMapAPIKey == "k")
        #expect(keyed.weather.openWeatherMapBaseURL == "https://api.openweathermap.org")
        let named = try ServerSettings(
            reading: TestSettings.reader(["openweathermap.apiKey": "k", "weather.provider": "open-meteo"]))
        #expect(named.weather.provider == .openMeteo)
        #expect(try ServerSettings(reading: TestSettings.reader([:])).weather.provider == .openMeteo)
        #expect {
            _ = try ServerSettings(reading: TestSettings.reader(["weather.provider": "openweathermap"]))
        } throws: { error in
            let description = String(describing: error)
            return description.contains("MARQUEE_OPENWEATHERMAP_API_KEY") && description.contains("weather.provider")
        }
    }
}
