package import Foundation
package import MarqueeWire

/// A provider's metric forecast as the API shows it: in the units asked for, times in the city's offset, the
/// hours from the current one for a day, the days from today.
package struct ForecastRendering: Sendable {
    package let attribution: Forecast.Attribution

    package init(attribution: Forecast.Attribution) {
        self.attribution = attribution
    }

    /// `metric` for `city` at `now`, in `units`.
    package func forecast(
        _ metric: MetricForecast, city: City, units: Units, now: Date, fetchedAt: Date, stale: Bool
    ) -> Forecast {
        let offset = metric.utcOffsetSeconds
        func time(_ date: Date) -> String { LocalTime.rfc3339(date, offsetSeconds: offset) }
        let current = metric.current.map { now in
            Forecast.Current(
                time: time(now.time), temperature: units.temperature(now.temperature),
                feelsLike: units.temperature(now.feelsLike), humidity: Units.plausible(now.humidity),
                windSpeed: units.speed(now.windSpeed), windDirection: Units.plausible(now.windDirection),
                condition: WeatherConditions.condition(code: now.code, isDay: now.isDay), isDay: now.isDay)
        }
        // The entry under way now counts as the first: at 14:40 the 14:00 hour (or the 12:00 step of three).
        let step = TimeInterval(max(1, metric.stepHours) * 3_600)
        let hours = metric.hours.filter { $0.time.addingTimeInterval(step) > now }
            .prefix(24 / max(1, metric.stepHours))
            .map { hour in
                Forecast.Hour(
                    time: time(hour.time), temperature: units.temperature(hour.temperature),
                    condition: WeatherConditions.condition(code: hour.code, isDay: hour.isDay),
                    precipitationChance: Units.plausible(hour.precipitationChance), isDay: hour.isDay)
            }
        let today = LocalTime.day(now, offsetSeconds: offset)
        let days = metric.days.filter { $0.date >= today }.map { day in
            Forecast.Day(
                date: day.date, min: units.temperature(day.min), max: units.temperature(day.max),
                condition: WeatherConditions.condition(code: day.code, isDay: true),
                precipitationChance: Units.plausible(day.precipitationChance), sunrise: day.sunrise.map(time),
                sunset: day.sunset.map(time))
        }
        return Forecast(
            city: city, units: units.rawValue, current: current, hourly: Array(hours),
            hourlyStepHours: max(1, metric.stepHours), daily: days, fetchedAt: RFC3339.string(fetchedAt),
            stale: stale, attribution: attribution)
    }

    /// The weather now of a provider's forecast, in `units`; nil when it has no current conditions.
    package func now(_ provided: ProvidedForecast, units: Units) -> WeatherNow? {
        guard let current = provided.forecast.current else { return nil }
        return WeatherNow(
            time: LocalTime.rfc3339(current.time, offsetSeconds: provided.forecast.utcOffsetSeconds),
            temperature: units.temperature(current.temperature),
            condition: WeatherConditions.condition(code: current.code, isDay: current.isDay), isDay: current.isDay,
            fetchedAt: RFC3339.string(provided.fetchedAt), stale: provided.isStale)
    }
}
