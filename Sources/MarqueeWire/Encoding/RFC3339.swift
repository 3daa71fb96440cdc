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
        let (day, milliseconds) =
            dayMilliseconds < 0 ? (days - 1, dayMilliseconds + 86_400_000) : (days, dayMilliseconds)
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

    /// Days since 1970-01-01 of a date of the proleptic Gregorian calendar (the inverse of `civilDate`).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date a timestamp names (`2026-11-22T06:30:00Z`, `…:00.125+01:00`), or nil if it is not RFC 3339.
    ///
    /// Read by hand, in the proleptic Gregorian calendar the output uses: Foundation's parser switches to the Julian
    /// calendar before October 1582, so an early date read and written back moved by days each time.
    public static func date(_ text: String) -> Date? {
        var reader = DigitReader(Array(text.utf8))
        guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
            let day = reader.number(2), reader.skip("T") || reader.skip("t"), let hour = reader.number(2),
            reader.skip(":"), let minute = reader.number(2), reader.skip(":"), let second = reader.number(2)
        else { return nil }
        // Up to nanoseconds as a whole number, so that `.125` is exactly 125 ms; further digits are dropped.
        var nanoseconds: Int64 = 0
        if reader.skip(".") {
            var digits = 0
            while let digit = reader.number(1) {
                if digits < 9 { nanoseconds = nanoseconds * 10 + digit }
                digits += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 9) { nanoseconds *= 10 }
        }
        var offset: Int64 = 0
        if !(reader.skip("Z") || reader.skip("z")) {
            guard let sign: Int64 = reader.skip("+") ? 1 : reader.skip("-") ? -1 : nil, let hours = reader.number(2),
                reader.skip(":"), let minutes = reader.number(2), hours < 24, minutes < 60
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard reader.atEnd, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        // A day past its month's end (February 30) counts on into the next month; reading the date back tells.
        let dayNumber = days(year: year, month: month, day: day)
        guard civilDate(daysSince1970: dayNumber) == (year, month, day) else { return nil }
        let seconds = dayNumber * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }
}

/// Reads fixed-width decimal fields and separators from the bytes of a timestamp.
private struct DigitReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    /// The next `width` bytes as a number, if they are all digits.
    mutating func number(_ width: Int) -> Int64? {
        guard index + width <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[index..<index + width] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        index += width
        return value
    }

    /// Steps over `separator` if it comes next.
    mutating func skip(_ separator: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: separator) else { return false }
        index += 1
        return true
    }
}

extension RFC3339 {
    /// A time as the wire carries it: an RFC 3339 string to the millisecond (`2024-05-06T07:08:09.123Z`), read back
    /// in any RFC 3339 form.
    public struct Timestamp: Codable, Sendable {
        public let date: Date

        public init(_ date: Date) {
            self.date = date
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            guard let date = RFC3339.date(try container.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an RFC 3339 time")
            }
            self.date = date
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339.milliseconds(date))
        }
    }
}
