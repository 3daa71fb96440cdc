/// Where forecasts come from (see `ServerSettings.weather`).
package struct WeatherSettings: Sendable {
    package enum Provider: String, Sendable, CaseIterable {
        case openMeteo = "open-meteo"
        case openWeatherMap = "openweathermap"
        case off
    }

    package var provider: Provider
    package var openMeteoBaseURL: String
    package var openMeteoGeocodingURL: String
    /// Set whenever `provider` is `openWeatherMap`.
    package var openWeatherMapAPIKey: String?
    package var openWeatherMapBaseURL: String

    /// Reads and validates:
    /// - `weather.provider` (`MARQUEE_WEATHER_PROVIDER`): `open-meteo`, `openweathermap` or `off`; default
    ///   `openweathermap` when its key is set, else `open-meteo`.
    /// - `openMeteo.baseURL` (`MARQUEE_OPEN_METEO_BASE_URL`), URL, default `https://api.open-meteo.com/v1`.
    /// - `openMeteo.geocodingURL` (`MARQUEE_OPEN_METEO_GEOCODING_URL`), URL, default
    ///   `https://geocoding-api.open-meteo.com/v1` (city search asks it whatever the provider).
    /// - `openweathermap.apiKey` (`MARQUEE_OPENWEATHERMAP_API_KEY`), secret text, no default; required with
    ///   `openweathermap`.
    /// - `openweathermap.baseURL` (`MARQUEE_OPENWEATHERMAP_BASE_URL`), URL, default `https://api.openweathermap.org`.
    package init(reading reader: SettingsReader) throws {
        let key = reader.string("openweathermap.apiKey", isSecret: true)
        let chosen = try reader.choice(
            "weather.provider", default: (key == nil ? Provider.openMeteo : Provider.openWeatherMap).rawValue,
            allowed: Provider.allCases.map(\.rawValue))
        provider = Provider(rawValue: chosen) ?? .openMeteo
        openWeatherMapAPIKey = key
        if provider == .openWeatherMap, key == nil {
            throw SettingsError(
                key: "openweathermap.apiKey",
                problem: "it is required when weather.provider (MARQUEE_WEATHER_PROVIDER) is openweathermap; set it, "
                    + "or choose open-meteo (no key) or off.")
        }
        openWeatherMapBaseURL = try reader.url("openweathermap.baseURL", default: "https://api.openweathermap.org")!
        openMeteoBaseURL = try reader.url("openMeteo.baseURL", default: "https://api.open-meteo.com/v1")!
        openMeteoGeocodingURL = try reader.url(
            "openMeteo.geocodingURL", default: "https://geocoding-api.open-meteo.com/v1")!
    }
}
