import Foundation
import MarqueeWire

/// How weather pages spell temperatures, times and conditions.
enum WeatherFormatting {
    /// 17.3 → `17°` (rounded: a tenth of a degree is noise on a page); nil → `–`.
    static func temperature(_ value: Double?) -> String {
        guard let whole = whole(value) else { return "–" }
        return "\(whole)°"
    }

    /// 61.6 → `62%`; nil when unknown.
    static func percent(_ value: Double?) -> String? {
        whole(value).map { "\($0)%" }
    }

    /// The nearest whole number (never `-0`); nil for nothing, or for what is no number a page could show.
    static func whole(_ value: Double?) -> Int? {
        guard let value, value.isFinite, abs(value) < 1e9 else { return nil }
        let whole = Int(value.rounded())
        return whole == 0 ? 0 : whole
    }

    /// Where a city is, as a page names it: `Texas, United States`; nil when nothing is known.
    static func place(_ city: City) -> String? {
        let parts = [city.region, city.country ?? city.countryCode].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The links of the °C/°F switch on the page at `path`.
    static func unitLinks(_ path: String, current units: String) -> [PageLink] {
        [("metric", "°C"), ("imperial", "°F")].map {
            PageLink(href: "\(path)?units=\($0.0)", label: $0.1, current: $0.0 == units)
        }
    }

    /// The unit's sign: `°C` or `°F`.
    static func unit(_ units: String) -> String { units == "imperial" ? "°F" : "°C" }

    /// The wind speed's unit.
    static func speedUnit(_ units: String) -> String { units == "imperial" ? "mph" : "km/h" }

    /// `2026-09-21T15:00:00+01:00` → `15:00`: the time as the city reads it (the API gives times at its offset).
    static func clock(_ time: String?) -> String? {
        guard let time, time.count >= 16 else { return nil }
        let start = time.index(time.startIndex, offsetBy: 11)
        return String(time[start..<time.index(start, offsetBy: 5)])
    }

    /// `2026-09-21` → `Mon 21`, the weekday by the calendar alone (a date has no time zone).
    static func day(_ date: String) -> String {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return date }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let moment = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])) else {
            return date
        }
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        return "\(names[calendar.component(.weekday, from: moment) - 1]) \(parts[2])"
    }

    /// A symbol for a condition's icon name: pages draw no image files, and these are in the fonts every system has
    /// (no emoji: a browser without an emoji font would show empty boxes).
    static func symbol(_ icon: String) -> String {
        switch icon {
        case "clear-day": "☀"
        case "clear-night": "☾"
        case "partly-cloudy-day", "partly-cloudy-night": "◑"
        case "cloudy": "☁"
        case "fog": "≋"
        case "drizzle", "rain", "showers", "freezing-rain": "☂"
        case "snow", "snow-showers": "❄"
        case "thunderstorm": "⚡"
        default: "·"
        }
    }
}
