import Foundation

extension OpenWeatherMapResponse {
    /// The forecast in Marquee's terms: the weather `now`, and the 3-hour `steps` as they are (`stepHours` 3, not
    /// made up into hours) and gathered into the city's days (`days`). Times are at the city's offset from the
    /// forecast, else from the weather now, else UTC.
    static func forecast(now: Current, steps: Steps) -> MetricForecast {
        let offset = steps.city?.timezone ?? now.timezone ?? 0
        let current = MetricForecast.Current(
            time: date(now.dt), temperature: now.main?.temp, feelsLike: now.main?.feelsLike,
            humidity: now.main?.humidity, windSpeed: now.wind?.speed.map { $0 * 3.6 }, windDirection: now.wind?.deg,
            code: OpenWeatherMapConditions.wmoCode(now.weather?.first?.id), isDay: isDay(now))
        let hours = steps.list.sorted { $0.dt < $1.dt }.map { step in
            MetricForecast.Hour(
                time: date(step.dt), temperature: step.main?.temp,
                code: OpenWeatherMapConditions.wmoCode(step.weather?.first?.id),
                precipitationChance: step.pop.map { ($0 * 100).rounded() },
                isDay: step.sys?.pod.map { $0 == "d" } ?? isDay(icon: step.weather?.first?.icon) ?? true)
        }
        // The forecast tells today's sunrise and sunset; the weather now may be a day apart from it near midnight.
        let sunrises = [steps.city?.sunrise, now.sys?.sunrise].compactMap { $0 }.map { date($0) }
        let sunsets = [steps.city?.sunset, now.sys?.sunset].compactMap { $0 }.map { date($0) }
        return MetricForecast(
            utcOffsetSeconds: offset, current: current, hours: hours, stepHours: stepHours,
            days: days(of: hours, offset: offset, sunrises: sunrises, sunsets: sunsets))
    }

    /// The steps gathered by the city's date: the lowest and highest temperature, the highest chance of
    /// precipitation, and the highest WMO code, which is the most severe condition (WMO's rule for its code table,
    /// and what Open-Meteo's daily code is): one stormy afternoon makes a stormy day. Sunrise and sunset only on
    /// the day they fall on. Today counts from the first step, as the hours gone are past; the last day is left out
    /// when the steps stop before its end (five days from now is mid-day), as a day without its afternoon would
    /// show a wrong high.
    private static func days(
        of hours: [MetricForecast.Hour], offset: Int, sunrises: [Date], sunsets: [Date]
    ) -> [MetricForecast.Day] {
        var dates: [(date: String, hours: [MetricForecast.Hour])] = []
        for hour in hours {
            let date = LocalTime.day(hour.time, offsetSeconds: offset)
            if dates.last?.date == date {
                dates[dates.count - 1].hours.append(hour)
            } else {
                dates.append((date, [hour]))
            }
        }
        if let last = dates.last, let end = last.hours.last?.time.addingTimeInterval(TimeInterval(stepHours * 3_600)),
            LocalTime.day(end, offsetSeconds: offset) == last.date
        {
            dates.removeLast()
        }
        return dates.map { day in
            let temperatures = day.hours.compactMap(\.temperature)
            return MetricForecast.Day(
                date: day.date, min: temperatures.min(), max: temperatures.max(),
                code: day.hours.compactMap(\.code).max(),
                precipitationChance: day.hours.compactMap(\.precipitationChance).max(),
                sunrise: sunrises.first { LocalTime.day($0, offsetSeconds: offset) == day.date },
                sunset: sunsets.first { LocalTime.day($0, offsetSeconds: offset) == day.date })
        }
    }

    /// Day between sunrise and sunset, or as the icon says when those are missing.
    private static func isDay(_ now: Current) -> Bool {
        if let sunrise = now.sys?.sunrise, let sunset = now.sys?.sunset, sunrise < sunset {
            return sunrise <= now.dt && now.dt < sunset
        }
        return isDay(icon: now.weather?.first?.icon) ?? true
    }

    /// Whether an icon (`04d`, `10n`) is the day's or the night's; nil for neither.
    private static func isDay(icon: String?) -> Bool? {
        guard let mark = icon?.last, mark == "d" || mark == "n" else { return nil }
        return mark == "d"
    }

    private static func date(_ seconds: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
