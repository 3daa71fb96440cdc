import Foundation
package import MarqueeWire

/// `/weather/{id}`: a city's weather now, the next 24 hours and the coming days; add it to favourites with a note
/// (the weather above is the preview of what the favourite will show), edit the note, or remove it.
package struct CityWeatherPage: WebPage {
    package static let template = "city"
    package let chrome: Chrome
    let id: String
    let name: String
    let place: String?
    let unitLinks: [PageLink]
    let unit: String
    let now: Now?
    let hours: [Hour]
    /// `3-hour steps`, for a provider that forecasts in steps of three hours; nil for hourly forecasts.
    let stepLabel: String?
    let days: [Day]
    /// Why there is no weather to show, said plainly.
    let unavailable: String?
    let updated: String?
    let stale: Bool
    let attribution: Forecast.Attribution?
    let signedIn: Bool
    let saved: Bool
    let note: String

    struct Now: Sendable {
        let temperature: String
        let symbol: String
        let condition: String
        let feelsLike: String
        let humidity: String?
        let wind: String?
        let time: String?
    }

    struct Hour: Sendable {
        let time: String
        let symbol: String
        let condition: String
        let temperature: String
        let rain: String?
    }

    struct Day: Sendable {
        let day: String
        let symbol: String
        let condition: String
        let low: String
        let high: String
        let rain: String?
        let sunrise: String?
        let sunset: String?
    }

    /// The page for `city`; `forecast` is nil when none can be had (`unavailable` says why); `saved` is the
    /// person's favourite of it, if any.
    package init(
        chrome: Chrome, city: City, units: String, forecast: Forecast?, unavailable: String?, signedIn: Bool,
        saved: SavedItem?
    ) {
        self.chrome = chrome
        id = String(city.id)
        name = city.name
        place = WeatherFormatting.place(city)
        unitLinks = WeatherFormatting.unitLinks("/weather/\(city.id)", current: units)
        unit = WeatherFormatting.unit(units)
        let speed = WeatherFormatting.speedUnit(units)
        now = forecast?.current.map { current in
            Now(
                temperature: WeatherFormatting.temperature(current.temperature),
                symbol: WeatherFormatting.symbol(current.condition.icon), condition: current.condition.text,
                feelsLike: WeatherFormatting.temperature(current.feelsLike),
                humidity: WeatherFormatting.percent(current.humidity),
                wind: WeatherFormatting.whole(current.windSpeed).map { "\($0) \(speed)" },
                time: WeatherFormatting.clock(current.time))
        }
        hours = (forecast?.hourly ?? []).map { hour in
            Hour(
                time: WeatherFormatting.clock(hour.time) ?? "", symbol: WeatherFormatting.symbol(hour.condition.icon),
                condition: hour.condition.text, temperature: WeatherFormatting.temperature(hour.temperature),
                rain: WeatherFormatting.percent(hour.precipitationChance))
        }
        stepLabel = forecast.flatMap { $0.hourlyStepHours > 1 ? "\($0.hourlyStepHours)-hour steps" : nil }
        days = (forecast?.daily ?? []).map { day in
            Day(
                day: WeatherFormatting.day(day.date), symbol: WeatherFormatting.symbol(day.condition.icon),
                condition: day.condition.text, low: WeatherFormatting.temperature(day.min),
                high: WeatherFormatting.temperature(day.max),
                rain: WeatherFormatting.percent(day.precipitationChance),
                sunrise: WeatherFormatting.clock(day.sunrise), sunset: WeatherFormatting.clock(day.sunset))
        }
        self.unavailable = unavailable
        updated = forecast.flatMap { WeatherFormatting.clock($0.fetchedAt).map { "\($0) UTC" } }
        stale = forecast?.stale ?? false
        attribution = forecast?.attribution
        self.signedIn = signedIn
        self.saved = saved != nil
        note = saved?.note ?? ""
    }
}
