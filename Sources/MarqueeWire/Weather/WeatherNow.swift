/// The weather now at the cities of a list of saved items, by city id: what a favourites list shows beside each
/// city. A city whose weather cannot be had right now is left out.
public struct CitiesWeather: Codable, Sendable, Equatable {
    /// `metric` (°C, km/h) or `imperial` (°F, mph).
    public var units: String
    /// Who made the forecasts, as the provider asks to be credited.
    public var attribution: Forecast.Attribution
    /// The weather now, by the city's id as the list gives it.
    public var cities: [String: WeatherNow]

    public init(units: String, attribution: Forecast.Attribution, cities: [String: WeatherNow]) {
        self.units = units
        self.attribution = attribution
        self.cities = cities
    }
}

/// The weather now at one city.
public struct WeatherNow: Codable, Sendable, Equatable {
    /// When it was observed, in the city's offset.
    public var time: String
    public var temperature: Double?
    public var condition: Forecast.Condition
    public var isDay: Bool
    /// When the provider was asked (RFC 3339, UTC).
    public var fetchedAt: String
    /// The provider could not be reached, so this is the last weather fetched, more than an hour old.
    public var stale: Bool

    public init(
        time: String, temperature: Double?, condition: Forecast.Condition, isDay: Bool, fetchedAt: String, stale: Bool
    ) {
        self.time = time
        self.temperature = temperature
        self.condition = condition
        self.isDay = isDay
        self.fetchedAt = fetchedAt
        self.stale = stale
    }
}
