package import Foundation

/// When an event counts as over, and the calendar days it is judged by.
package enum EventTiming {
    /// Without a date to judge by, an event is over this long after it started.
    static let overAfter: TimeInterval = 6 * 3_600

    /// Whether the event's day is past: its local date is before today at the venue; without a time zone, before
    /// today anywhere on earth (UTC−12); without a date, it started more than six hours ago.
    package static func hasEnded(localDate: String?, timezone: String?, dateTime: Date?, now: Date) -> Bool {
        if let localDate, isDay(localDate) {
            if let zone = timezone.flatMap(TimeZone.init(identifier:)) {
                return localDate < day(of: now, in: zone)
            }
            if dateTime == nil, let anywhere = TimeZone(secondsFromGMT: -12 * 3_600) {
                return localDate < day(of: now, in: anywhere)
            }
        }
        guard let dateTime else { return false }
        return dateTime < now.addingTimeInterval(-overAfter)
    }

    /// The calendar day of `date` in `zone`, `YYYY-MM-DD`.
    package static func day(of date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return "\(pad(parts.year ?? 0, 4))-\(pad(parts.month ?? 0, 2))-\(pad(parts.day ?? 0, 2))"
    }

    /// Whether `text` reads as `YYYY-MM-DD`.
    package static func isDay(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 else { return false }
        return bytes.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7
                ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }

    /// `value` in at least `width` digits.
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
