public import Foundation

/// RFC 3339 timestamps, the only way dates appear on the wire (UTC, `2026-11-22T06:30:00Z`; fractions accepted).
public enum RFC3339 {
    /// The date in UTC, to the second.
    public static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// The date in UTC with milliseconds (`2026-11-22T06:30:00.125Z`), for times that order changes.
    public static func milliseconds(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendMilliseconds(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `milliseconds(date)`'s UTF-8 bytes. Computed by arithmetic (days to a civil date) straight into the
    /// output because it runs for every item of every list page and live-stream frame.
    public static func appendMilliseconds(_ date: Date, to bytes: inout [UInt8]) {
        let total = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (days, dayMilliseconds) = total.quotientAndRemainder(dividingBy: 86_400_000)
        let (day, milliseconds) = dayMilliseconds < 0 ? (days - 1, dayMilliseconds + 86_400_000) : (days, dayMilliseconds)
        let (year, month, dayOfMonth) = civilDate(daysSince1970: day)
        let seconds = milliseconds / 1000
        if year < 0 || year > 9999 {
            // Outside four digits: rare enough to spell out the slow way.
            bytes.append(contentsOf: String(year).utf8)
        } else {
            appendDigits(year, 4, to: &bytes)
        }
        bytes.append(UInt8(ascii: "-"))
        appendDigits(month, 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(dayOfMonth, 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(seconds / 3600, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(seconds / 60 % 60, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(seconds % 60, 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendDigits(milliseconds % 1000, 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Appends a non-negative number of exactly `width` digits, zero-padded.
    private static func appendDigits(_ value: Int64, _ width: Int, to bytes: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
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

    /// The date a timestamp names, with or without fractional seconds, or nil if it is not RFC 3339.
    public static func date(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}
