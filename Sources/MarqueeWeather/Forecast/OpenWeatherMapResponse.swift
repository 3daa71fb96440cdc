import Foundation

/// OpenWeatherMap's free 2.5 API answers, as Marquee asks for them (`units=metric`: °C, m/s). Only what Marquee reads
/// is decoded, and all of it but the times may be missing: older answers lack `feels_like`, `pop` and the city's
/// `timezone`, `sunrise` and `sunset`. Times are seconds since 1970.
enum OpenWeatherMapResponse {
    /// A condition: `id` is OpenWeatherMap's code (`804`); `icon` ends in `d` by day, `n` by night (`04d`).
    struct Condition: Decodable {
        let id: Int?
        let icon: String?
    }

    /// Temperature (°C) and relative humidity (%).
    struct Main: Decodable {
        let temp: Double?
        let feelsLike: Double?
        let humidity: Double?

        private enum CodingKeys: String, CodingKey {
            case temp, humidity
            case feelsLike = "feels_like"
        }
    }

    /// `/data/2.5/weather`: the weather now.
    struct Current: Decodable {
        struct Wind: Decodable {
            /// m/s.
            let speed: Double?
            /// Where the wind comes from, degrees.
            let deg: Double?
        }

        struct Sun: Decodable {
            let sunrise: Int?
            let sunset: Int?
        }

        /// When the weather was observed.
        let dt: Int
        let main: Main?
        let wind: Wind?
        let weather: [Condition]?
        let sys: Sun?
        /// The place's offset from UTC, seconds.
        let timezone: Int?
    }

    /// `/data/2.5/forecast`: five days in 3-hour steps, each step's time at its start.
    struct Steps: Decodable {
        struct Step: Decodable {
            struct PartOfDay: Decodable {
                /// `d` or `n`.
                let pod: String?
            }

            let dt: Int
            let main: Main?
            let weather: [Condition]?
            /// The chance of precipitation, 0 to 1.
            let pop: Double?
            let sys: PartOfDay?
        }

        /// The place, with today's sunrise and sunset only.
        struct Place: Decodable {
            /// The place's offset from UTC, seconds.
            let timezone: Int?
            let sunrise: Int?
            let sunset: Int?
        }

        let list: [Step]
        let city: Place?
    }

    /// Hours between the forecast's steps.
    static let stepHours = 3
}
