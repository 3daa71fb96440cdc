import Foundation

/// Open-Meteo's `/v1/forecast` answer. Marquee asks for `timeformat=unixtime` (times in seconds since 1970); the
/// default ISO 8601 local times (`2026-10-03T12:30`, `2026-10-03`) are read too. Every
/// value may be `null`, inside the arrays too, and a block may be missing.
struct OpenMeteoResponse: Decodable {
    struct Current: Decodable {
        let time: OpenMeteoTime
        let temperature2m: Double?
        let apparentTemperature: Double?
        let relativeHumidity2m: Double?
        let windSpeed10m: Double?
        let windDirection10m: Double?
        let weatherCode: Int?
        let isDay: Int?

        private enum CodingKeys: String, CodingKey {
            case time
            case temperature2m = "temperature_2m"
            case apparentTemperature = "apparent_temperature"
            case relativeHumidity2m = "relative_humidity_2m"
            case windSpeed10m = "wind_speed_10m"
            case windDirection10m = "wind_direction_10m"
            case weatherCode = "weather_code"
            case isDay = "is_day"
        }
    }

    struct Hourly: Decodable {
        let time: [OpenMeteoTime]
        let temperature2m: [Double?]?
        let weatherCode: [Int?]?
        let precipitationProbability: [Double?]?
        let isDay: [Int?]?

        private enum CodingKeys: String, CodingKey {
            case time
            case temperature2m = "temperature_2m"
            case weatherCode = "weather_code"
            case precipitationProbability = "precipitation_probability"
            case isDay = "is_day"
        }
    }

    struct Daily: Decodable {
        let time: [OpenMeteoTime]
        let temperature2mMin: [Double?]?
        let temperature2mMax: [Double?]?
        let weatherCode: [Int?]?
        let precipitationProbabilityMax: [Double?]?
        let sunrise: [OpenMeteoTime?]?
        let sunset: [OpenMeteoTime?]?

        private enum CodingKeys: String, CodingKey {
            case time
            case temperature2mMin = "temperature_2m_min"
            case temperature2mMax = "temperature_2m_max"
            case weatherCode = "weather_code"
            case precipitationProbabilityMax = "precipitation_probability_max"
            case sunrise, sunset
        }
    }

    let utcOffsetSeconds: Int?
    let current: Current?
    let hourly: Hourly?
    let daily: Daily?

    private enum CodingKeys: String, CodingKey {
        case utcOffsetSeconds = "utc_offset_seconds"
        case current, hourly, daily
    }

    /// The query that asks for what this reads, metric (Open-Meteo's default units).
    static let variables = [
        (
            "current",
            "temperature_2m,apparent_temperature,relative_humidity_2m,wind_speed_10m,wind_direction_10m,"
                + "weather_code,is_day"
        ),
        ("hourly", "temperature_2m,weather_code,precipitation_probability,is_day"),
        (
            "daily",
            "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,sunrise,sunset"
        ),
        ("timezone", "auto"), ("timeformat", "unixtime"), ("forecast_days", "7"),
    ]

    /// The forecast in Marquee's terms.
    var forecast: MetricForecast {
        let offset = utcOffsetSeconds ?? 0
        let current = current.map { now in
            MetricForecast.Current(
                time: now.time.date(offsetSeconds: offset), temperature: now.temperature2m,
                feelsLike: now.apparentTemperature,
                humidity: now.relativeHumidity2m, windSpeed: now.windSpeed10m,
                windDirection: now.windDirection10m, code: now.weatherCode, isDay: (now.isDay ?? 1) == 1)
        }
        let hours = (hourly?.time ?? []).enumerated().map { index, time in
            MetricForecast.Hour(
                time: time.date(offsetSeconds: offset), temperature: Self.at(hourly?.temperature2m, index),
                code: Self.at(hourly?.weatherCode, index),
                precipitationChance: Self.at(hourly?.precipitationProbability, index),
                isDay: (Self.at(hourly?.isDay, index) ?? 1) == 1)
        }
        let days = (daily?.time ?? []).enumerated().map { index, time in
            MetricForecast.Day(
                date: time.day(offsetSeconds: offset),
                min: Self.at(daily?.temperature2mMin, index), max: Self.at(daily?.temperature2mMax, index),
                code: Self.at(daily?.weatherCode, index),
                precipitationChance: Self.at(daily?.precipitationProbabilityMax, index),
                sunrise: Self.at(daily?.sunrise, index)?.date(offsetSeconds: offset),
                sunset: Self.at(daily?.sunset, index)?.date(offsetSeconds: offset))
        }
        return MetricForecast(utcOffsetSeconds: offset, current: current, hours: hours, stepHours: 1, days: days)
    }

    /// The value at `index`, nil when the array is missing, shorter, or holds `null` there.
    private static func at<T>(_ values: [T?]?, _ index: Int) -> T? {
        guard let values, index < values.count else { return nil }
        return values[index]
    }
}

/// A time as Open-Meteo writes it: seconds since 1970 (`timeformat=unixtime`), or the place's local time in ISO 8601
/// without an offset (`2026-10-03T12:30`, or a day: `2026-10-03`).
enum OpenMeteoTime: Decodable {
    case seconds(Int)
    case local(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Int.self) {
            self = .seconds(seconds)
        } else {
            self = .local(try container.decode(String.self))
        }
    }

    /// The moment, for a place `offsetSeconds` from UTC (an unreadable local time reads as 1970).
    func date(offsetSeconds: Int) -> Date {
        switch self {
        case .seconds(let seconds): return Date(timeIntervalSince1970: TimeInterval(seconds))
        case .local(let text):
            let parts = text.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
            guard parts.count >= 3 else { return Date(timeIntervalSince1970: 0) }
            var components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
            components.hour = parts.count > 3 ? parts[3] : 0
            components.minute = parts.count > 4 ? parts[4] : 0
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: offsetSeconds) ?? .gmt
            return calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
        }
    }

    /// The calendar day, `YYYY-MM-DD`, at the place.
    func day(offsetSeconds: Int) -> String {
        switch self {
        case .seconds: LocalTime.day(date(offsetSeconds: offsetSeconds), offsetSeconds: offsetSeconds)
        case .local(let text): String(text.prefix(10))
        }
    }
}
