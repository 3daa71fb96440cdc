public import Foundation

/// RFC 3339 timestamps, the only way dates appear on the wire (UTC, `2026-11-22T06:30:00Z`; fractions accepted).
public enum RFC3339 {
    /// The date in UTC, to the second.
    public static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// The date in UTC with milliseconds (`2026-11-22T06:30:00.125Z`), for times that order changes. Computed by
    /// arithmetic (days to a civil date) because it runs for every item of every list page.
    public static func milliseconds(_ date: Date) -> String {
        let total = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (days, dayMilliseconds) = total.quotientAndRemainder(dividingBy: 86_400_000)
        let (day, milliseconds) = dayMilliseconds < 0 ? (days - 1, dayMilliseconds + 86_400_000) : (days, dayMilliseconds)
        let (year, month, dayOfMonth) = civilDate(daysSince1970: day)
        let seconds = milliseconds / 1000
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(dayOfMonth, 2) + "T"
        text += pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2)
        return text + "." + pad(milliseconds % 1000, 3) + "Z"
    }

    /// Year, month and day of the proleptic Gregorian calendar for a count of days since 1970-01-01.
    static func civilDate(daysSince1970 days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The date a timestamp names, with or without fractional seconds, or nil if it is not RFC 3339.
    public static func date(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}
