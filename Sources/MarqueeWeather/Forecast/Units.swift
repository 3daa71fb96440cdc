/// The units a forecast is shown in. Forecasts are fetched and cached in metric and converted on the way out, so
/// the cache does not split by unit.
package enum Units: String, Sendable, CaseIterable {
    /// °C and km/h.
    case metric
    /// °F and mph.
    case imperial

    /// The units of a person's `temperature_unit` preference (`celsius` or `fahrenheit`).
    package init?(temperaturePreference: String?) {
        switch temperaturePreference {
        case "celsius": self = .metric
        case "fahrenheit": self = .imperial
        default: return nil
        }
    }

    func temperature(_ celsius: Double?) -> Double? {
        celsius.map { self == .metric ? Self.rounded($0) : Self.rounded($0 * 9 / 5 + 32) }
    }

    func speed(_ kilometresPerHour: Double?) -> Double? {
        kilometresPerHour.map { self == .metric ? Self.rounded($0) : Self.rounded($0 / 1.609344) }
    }

    /// To a tenth: what a forecast can tell apart.
    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
