/// OpenWeatherMap's condition codes (`weather[].id`: 2xx thunderstorm, 3xx drizzle, 5xx rain, 6xx snow,
/// 7xx atmosphere, 800 clear, 80x clouds) as the nearest WMO codes, which forecasts use (`WeatherConditions`).
enum OpenWeatherMapConditions {
    /// The WMO code nearest to OpenWeatherMap's `id`; nil for no id or one outside OpenWeatherMap's groups.
    static func wmoCode(_ id: Int?) -> Int? {
        guard let id else { return nil }
        if let code = exact[id] { return code }
        // An id OpenWeatherMap may add later reads as the plainest condition of its group.
        switch id {
        case 200..<300: return 95
        case 300..<400: return 53
        case 500..<600: return 63
        case 600..<700: return 73
        case 700..<800: return 45
        case 801..<900: return 3
        default: return nil
        }
    }

    /// Id → WMO code. WMO's table has no hail-free heavy thunderstorm, no sleet, no haze, dust or smoke: those read
    /// as a thunderstorm, snow (grains, or showers) and fog. Squalls and tornadoes come with thunderstorms.
    /// Broken clouds (803) read as overcast, as OpenWeatherMap draws them (icon `04`, no sun).
    private static let exact: [Int: Int] = [
        // Thunderstorms, light to heavy, with rain or drizzle.
        200: 95, 201: 95, 202: 95, 210: 95, 211: 95, 212: 95, 221: 95, 230: 95, 231: 95, 232: 95,
        // Drizzle; shower drizzle reads as showers.
        300: 51, 301: 53, 302: 55, 310: 51, 311: 53, 312: 55, 313: 80, 314: 81, 321: 80,
        // Rain; freezing rain; shower rain.
        500: 61, 501: 63, 502: 65, 503: 65, 504: 65, 511: 67, 520: 80, 521: 81, 522: 82, 531: 81,
        // Snow; sleet and rain with snow read as snow; snow showers.
        600: 71, 601: 73, 602: 75, 611: 77, 612: 85, 613: 86, 615: 71, 616: 73, 620: 85, 621: 86, 622: 86,
        // Mist, smoke, haze, dust, fog, sand, ash; squalls, tornado.
        701: 45, 711: 45, 721: 45, 731: 45, 741: 45, 751: 45, 761: 45, 762: 45, 771: 95, 781: 95,
        // Clear; few, scattered, broken clouds; overcast.
        800: 0, 801: 1, 802: 2, 803: 3, 804: 3,
    ]
}
