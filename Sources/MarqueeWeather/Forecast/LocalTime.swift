import Foundation

/// Times as a city reads them: RFC 3339 with the city's UTC offset (`2026-11-27T15:00:00+01:00`).
enum LocalTime {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `date` at the offset.
    static func rfc3339(_ date: Date, offsetSeconds: Int) -> String {
        let local = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: date.addingTimeInterval(TimeInterval(offsetSeconds)))
        let minutes = abs(offsetSeconds) / 60
        return "\(pad(local.year, 4))-\(pad(local.month))-\(pad(local.day))T\(pad(local.hour)):\(pad(local.minute)):"
            + "\(pad(local.second))\(offsetSeconds < 0 ? "-" : "+")\(pad(minutes / 60)):\(pad(minutes % 60))"
    }

    private static func pad(_ value: Int?, _ width: Int = 2) -> String {
        let digits = String(value ?? 0)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The calendar day of `date` at the offset, `YYYY-MM-DD`.
    static func day(_ date: Date, offsetSeconds: Int) -> String {
        String(rfc3339(date, offsetSeconds: offsetSeconds).prefix(10))
    }
}
