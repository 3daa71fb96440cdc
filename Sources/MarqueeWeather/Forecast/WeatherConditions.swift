import MarqueeWire

/// The weather codes forecasts use (WMO code table 4677, as Open-Meteo reports them) in words and as icon names.
enum WeatherConditions {
    /// The condition of `code`; `isDay` picks the sun or the moon for clear and partly cloudy skies.
    static func condition(code: Int?, isDay: Bool) -> Forecast.Condition {
        guard let code, let (text, icon) = table[code] else {
            return Forecast.Condition(code: code, text: "Unknown", icon: "unknown")
        }
        let shown = icon.hasSuffix("-") ? icon + (isDay ? "day" : "night") : icon
        return Forecast.Condition(code: code, text: text, icon: shown)
    }

    /// Code → words, icon (a trailing `-` takes `day` or `night`).
    private static let table: [Int: (String, String)] = [
        0: ("Clear sky", "clear-"), 1: ("Mainly clear", "clear-"), 2: ("Partly cloudy", "partly-cloudy-"),
        3: ("Overcast", "cloudy"), 45: ("Fog", "fog"), 48: ("Freezing fog", "fog"),
        51: ("Light drizzle", "drizzle"), 53: ("Drizzle", "drizzle"), 55: ("Heavy drizzle", "drizzle"),
        56: ("Light freezing drizzle", "freezing-rain"), 57: ("Freezing drizzle", "freezing-rain"),
        61: ("Light rain", "rain"), 63: ("Rain", "rain"), 65: ("Heavy rain", "rain"),
        66: ("Light freezing rain", "freezing-rain"), 67: ("Freezing rain", "freezing-rain"),
        71: ("Light snow", "snow"), 73: ("Snow", "snow"), 75: ("Heavy snow", "snow"), 77: ("Snow grains", "snow"),
        80: ("Light showers", "showers"), 81: ("Showers", "showers"), 82: ("Violent showers", "showers"),
        85: ("Light snow showers", "snow-showers"), 86: ("Snow showers", "snow-showers"),
        95: ("Thunderstorm", "thunderstorm"), 96: ("Thunderstorm with hail", "thunderstorm"),
        99: ("Thunderstorm with heavy hail", "thunderstorm"),
    ]
}
