import MarqueeCore

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

    /// The units a request's `units` parameter names; `request.invalid_parameter` for any other value.
    package init(parameter text: String) throws {
        guard let units = Units(rawValue: text) else {
            throw DomainError(.invalidParameter, "units must be metric or imperial.")
        }
        self = units
    }

    func temperature(_ celsius: Double?) -> Double? {
        Self.plausible(celsius).map { self == .metric ? Self.rounded($0) : Self.rounded($0 * 9 / 5 + 32) }
    }

    func speed(_ kilometresPerHour: Double?) -> Double? {
        Self.plausible(kilometresPerHour).map { self == .metric ? Self.rounded($0) : Self.rounded($0 / 1.609344) }
    }

    /// A provider's number if it could be a measurement, else nil (unknown): NaN, infinity or `1e300` from a broken
    /// upstream would otherwise fail the JSON encoding and the pages' arithmetic.
    static func plausible(_ value: Double?) -> Double? {
        guard let value, value.isFinite, abs(value) <= 100_000 else { return nil }
        return value
    }

    /// To a tenth: what a forecast can tell apart.
    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
