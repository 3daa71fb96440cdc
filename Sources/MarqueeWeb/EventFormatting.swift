import Foundation
import MarqueeWire

/// How pages spell an event's start and prices.
enum EventFormatting {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The start in the venue's own time: `Sat 5 Dec 2026, 19:30`, `Sat 5 Dec 2026 (time to be announced)`, or
    /// `Date to be announced`.
    static func start(_ start: EventStart) -> String {
        guard !start.dateToBeAnnounced, let date = start.localDate, let day = day(date) else {
            return "Date to be announced"
        }
        if start.timeToBeAnnounced { return "\(day) (time to be announced)" }
        guard let time = start.localTime else { return day }
        return "\(day), \(time.prefix(5))"
    }

    /// `2026-12-05` → `Sat 5 Dec 2026`.
    static func day(_ date: String) -> String? {
        let parts = date.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let moment = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])) else {
            return nil
        }
        return
            "\(weekdays[calendar.component(.weekday, from: moment) - 1]) \(parts[2]) \(months[parts[1] - 1]) \(parts[0])"
    }

    /// `12–45 EUR`, `From 30 GBP`, or nil.
    static func price(_ range: EventDetails.PriceRange) -> String {
        let low = amount(range.min)
        let high = amount(range.max)
        return low == high ? "\(low) \(range.currency)" : "\(low)–\(high) \(range.currency)"
    }

    private static func amount(_ value: Double) -> String {
        // Whole amounts without decimals; nothing from upstream is trusted to fit an Int.
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.2f", value)
    }

    /// How a status reads: `On sale`, `Cancelled`, …
    static func status(_ status: EventStatus?) -> String? {
        switch status {
        case .onSale: "On sale"
        case .offSale: "Off sale"
        case .cancelled: "Cancelled"
        case .postponed: "Postponed"
        case .rescheduled: "Rescheduled"
        case nil: nil
        }
    }

    /// The line under an event's name on a card: demo mark, status, start and venue.
    static func cardLine(_ event: EventSummary) -> String {
        var parts: [String] = []
        if event.source == .demo { parts.append("Demo event") }
        if event.ended {
            parts.append("Ended")
        } else if let status = status(event.status), event.status != .onSale {
            parts.append(status)
        }
        parts.append(start(event.start))
        if let venue = event.venue { parts.append(venue) }
        return parts.joined(separator: " · ")
    }
}
