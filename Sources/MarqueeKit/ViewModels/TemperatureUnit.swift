public import MarqueeWire

/// How a person reads temperatures: their profile's `temperature_unit`.
public enum TemperatureUnit: String, Sendable, CaseIterable {
    case celsius
    case fahrenheit

    /// The unit of an account that chose none, as the server's forecasts assume.
    public static let standard = TemperatureUnit.celsius

    /// `°C` or `°F`.
    public var symbol: String {
        switch self {
        case .celsius: "°C"
        case .fahrenheit: "°F"
        }
    }

    /// The forecast units that give temperatures in this unit.
    public var weatherUnits: WeatherUnits {
        switch self {
        case .celsius: .metric
        case .fahrenheit: .imperial
        }
    }

    /// The person's unit, from their profile; the standard one when they chose none (or something unknown).
    public init(profile: Account.Profile?) {
        self = profile?.temperatureUnit.flatMap(TemperatureUnit.init(rawValue:)) ?? .standard
    }

    /// The unit the temperatures of a forecast in `units` (a forecast's `units`: `metric` or `imperial`) are in.
    public init(forecastUnits units: String) {
        self = units == WeatherUnits.imperial.rawValue ? .fahrenheit : .celsius
    }
}
