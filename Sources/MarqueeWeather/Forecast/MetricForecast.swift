package import Foundation

/// A forecast as a provider gave it, in metric units (°C, km/h, %), whatever the provider: what `ForecastRendering`
/// turns into the API's `Forecast` in the units asked for.
package struct MetricForecast: Sendable, Equatable {
    package struct Current: Sendable, Equatable {
        package var time: Date
        package var temperature: Double?
        package var feelsLike: Double?
        package var humidity: Double?
        package var windSpeed: Double?
        package var windDirection: Double?
        package var code: Int?
        package var isDay: Bool
    }

    package struct Hour: Sendable, Equatable {
        package var time: Date
        package var temperature: Double?
        package var code: Int?
        package var precipitationChance: Double?
        package var isDay: Bool
    }

    package struct Day: Sendable, Equatable {
        /// `YYYY-MM-DD` in the city.
        package var date: String
        package var min: Double?
        package var max: Double?
        package var code: Int?
        package var precipitationChance: Double?
        package var sunrise: Date?
        package var sunset: Date?
    }

    /// The city's offset from UTC when the forecast was made, which its times are shown in.
    package var utcOffsetSeconds: Int
    package var current: Current?
    package var hours: [Hour]
    /// Hours between entries of `hours`.
    package var stepHours: Int
    package var days: [Day]
}
