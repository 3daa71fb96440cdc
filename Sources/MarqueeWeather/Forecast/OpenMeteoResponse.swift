import Foundation

/// Open-Meteo's `/v1/forecast` answer, asked for with `timeformat=unixtime` (times in seconds since 1970). Every
/// value may be `null`, inside the arrays too, and a block may be missing.
struct OpenMeteoResponse: Decodable {
    struct Current: Decodable {
        let time: Int
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
        let time: [Int]
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
        let time: [Int]
        let temperature2mMin: [Double?]?
        let temperature2mMax: [Double?]?
        let weatherCode: [Int?]?
        let precipitationProbabilityMax: [Double?]?
        let sunrise: [Int?]?
        let sunset: [Int?]?

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
                time: Self.date(now.time), temperature: now.temperature2m, feelsLike: now.apparentTemperature,
                humidity: now.relativeHumidity2m, windSpeed: now.windSpeed10m,
                windDirection: now.windDirection10m, code: now.weatherCode, isDay: (now.isDay ?? 1) == 1)
        }
        let hours = (hourly?.time ?? []).enumerated().map { index, time in
            MetricForecast.Hour(
                time: Self.date(time), temperature: Self.at(hourly?.temperature2m, index),
                code: Self.at(hourly?.weatherCode, index),
                precipitationChance: Self.at(hourly?.precipitationProbability, index),
                isDay: (Self.at(hourly?.isDay, index) ?? 1) == 1)
        }
        let days = (daily?.time ?? []).enumerated().map { index, time in
            MetricForecast.Day(
                date: LocalTime.day(Self.date(time), offsetSeconds: offset),
                min: Self.at(daily?.temperature2mMin, index), max: Self.at(daily?.temperature2mMax, index),
                code: Self.at(daily?.weatherCode, index),
                precipitationChance: Self.at(daily?.precipitationProbabilityMax, index),
                sunrise: Self.at(daily?.sunrise, index).map(Self.date),
                sunset: Self.at(daily?.sunset, index).map(Self.date))
        }
        return MetricForecast(utcOffsetSeconds: offset, current: current, hours: hours, stepHours: 1, days: days)
    }

    private static func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    /// The value at `index`, nil when the array is missing, shorter, or holds `null` there.
    private static func at<T>(_ values: [T?]?, _ index: Int) -> T? {
        guard let values, index < values.count else { return nil }
        return values[index]
    }
}
