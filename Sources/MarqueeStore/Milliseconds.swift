package import Foundation

/// Timestamps are stored as milliseconds since 1970 (portable across SQLite and PostgreSQL).
package enum Milliseconds {
    package static func from(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
    package static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
    /// The date as it reads back from storage.
    package static func rounded(_ date: Date) -> Date { self.date(from(date)) }
}
