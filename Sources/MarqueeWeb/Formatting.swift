import Foundation
import MarqueeCore
import MarqueeWire

/// How pages spell dates, durations and ratings.
enum Formatting {
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// `1999-03-31` → `31 March 1999`; anything else is returned as it is.
    static func date(_ text: String?) -> String? {
        guard let text else { return nil }
        let parts = text.prefix(10).split(separator: "-")
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month), let day = Int(parts[2]) else {
            return text
        }
        return "\(day) \(months[month - 1]) \(parts[0])"
    }

    /// The day of a moment (in UTC), spelled as `date(_:)` does.
    static func day(_ moment: Date) -> String {
        date(String(RFC3339.string(moment).prefix(10))) ?? ""
    }

    /// 136 → `2h 16m`.
    static func runtime(_ minutes: Int?) -> String? {
        guard let minutes, minutes > 0 else { return nil }
        return minutes < 60 ? "\(minutes)m" : "\(minutes / 60)h \(minutes % 60)m"
    }

    /// 8.234 → `8.2`.
    static func rating(_ value: Double?) -> String? {
        guard let value, value > 0 else { return nil }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `n thing` or `n things`.
    static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
    }
}
