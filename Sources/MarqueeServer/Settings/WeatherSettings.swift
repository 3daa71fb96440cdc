/// Where forecasts come from (see `ServerSettings.weather`).
package struct WeatherSettings: Sendable {
    package enum Provider: String, Sendable, CaseIterable {
        case openMeteo = "open-meteo"
        case off
    }

    package var provider: Provider
    package var openMeteoBaseURL: String
    package var openMeteoGeocodingURL: String
}
