public import Foundation

/// RFC 3339 timestamps, the only way dates appear on the wire (UTC, `2026-11-22T06:30:00Z`; fractions accepted).
public enum RFC3339 {
    /// The date in UTC, to the second.
    public static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// The date in UTC with milliseconds (`2026-11-22T06:30:00.125Z`), for times that order changes.
    public static func milliseconds(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// The date a timestamp names, with or without fractional seconds, or nil if it is not RFC 3339.
    public static func date(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}
