/// A city's weather: now, by the hour for the next 24 hours, and for the coming days, in the units asked for.
/// Times are RFC 3339 with the city's UTC offset, so that they read as the city's local time.
public struct Forecast: Codable, Sendable, Equatable {
    public var city: City
    /// `metric` (°C, km/h) or `imperial` (°F, mph).
    public var units: String
    public var current: Current?
    /// From the current hour on, 24 hours ahead.
    public var hourly: [Hour]
    /// How many hours apart the hourly entries are: 1, or 3 for a provider that forecasts in 3-hour steps.
    public var hourlyStepHours: Int
    /// Today (in the city) and the days after.
    public var daily: [Day]
    /// When the provider was asked (RFC 3339, UTC).
    public var fetchedAt: String
    /// The provider could not be reached, so this is the last forecast fetched, more than an hour old.
    public var stale: Bool
    /// Who made the forecast, as the provider asks to be credited.
    public var attribution: Attribution

    /// The weather now.
    public struct Current: Codable, Sendable, Equatable {
        public var time: String
        public var temperature: Double?
        public var feelsLike: Double?
        /// Relative humidity, in percent.
        public var humidity: Double?
        public var windSpeed: Double?
        /// Where the wind comes from, in degrees (0 is north).
        public var windDirection: Double?
        public var condition: Condition
        public var isDay: Bool

        public init(
            time: String, temperature: Double?, feelsLike: Double?, humidity: Double?, windSpeed: Double?,
            windDirection: Double?, condition: Condition, isDay: Bool
        ) {
            self.time = time
            self.temperature = temperature
            self.feelsLike = feelsLike
            self.humidity = humidity
            self.windSpeed = windSpeed
            self.windDirection = windDirection
            self.condition = condition
            self.isDay = isDay
        }
    }

    /// One hour (or one step) of the forecast.
    public struct Hour: Codable, Sendable, Equatable {
        public var time: String
        public var temperature: Double?
        public var condition: Condition
        /// The chance of precipitation, in percent.
        public var precipitationChance: Double?
        public var isDay: Bool

        public init(
            time: String, temperature: Double?, condition: Condition, precipitationChance: Double?, isDay: Bool
        ) {
            self.time = time
            self.temperature = temperature
            self.condition = condition
            self.precipitationChance = precipitationChance
            self.isDay = isDay
        }
    }

    /// One day of the forecast, in the city's calendar.
    public struct Day: Codable, Sendable, Equatable {
        /// `YYYY-MM-DD`.
        public var date: String
        public var min: Double?
        public var max: Double?
        public var condition: Condition
        /// The highest chance of precipitation in the day, in percent.
        public var precipitationChance: Double?
        public var sunrise: String?
        public var sunset: String?

        public init(
            date: String, min: Double?, max: Double?, condition: Condition, precipitationChance: Double?,
            sunrise: String?, sunset: String?
        ) {
            self.date = date
            self.min = min
            self.max = max
            self.condition = condition
            self.precipitationChance = precipitationChance
            self.sunrise = sunrise
            self.sunset = sunset
        }
    }

    /// The weather in words and as an icon's name, from its WMO code.
    public struct Condition: Codable, Sendable, Equatable {
        /// The WMO weather code (nil when the provider gave none).
        public var code: Int?
        /// `Partly cloudy`, `Light rain`, …
        public var text: String
        /// `clear-day`, `partly-cloudy-night`, `rain`, `snow`, `thunderstorm`, …
        public var icon: String

        public init(code: Int?, text: String, icon: String) {
            self.code = code
            self.text = text
            self.icon = icon
        }
    }

    /// A provider's credit line.
    public struct Attribution: Codable, Sendable, Equatable {
        /// `Weather data by Open-Meteo.com`
        public var text: String
        public var url: String
        /// The licence of the data (`CC BY 4.0`), when it has one.
        public var license: String?

        public init(text: String, url: String, license: String?) {
            self.text = text
            self.url = url
            self.license = license
        }
    }

    public init(
        city: City, units: String, current: Current?, hourly: [Hour], hourlyStepHours: Int, daily: [Day],
        fetchedAt: String, stale: Bool, attribution: Attribution
    ) {
        self.city = city
        self.units = units
        self.current = current
        self.hourly = hourly
        self.hourlyStepHours = hourlyStepHours
        self.daily = daily
        self.fetchedAt = fetchedAt
        self.stale = stale
        self.attribution = attribution
    }
}
