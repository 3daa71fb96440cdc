public import Foundation

/// When an event starts, as the venue's calendar and clock read it, and as an instant when both are known.
public struct EventStart: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD` at the venue; nil when the date is not announced.
    public var localDate: String?
    /// `HH:MM` at the venue; nil when the time is not announced, or the event has no set time.
    public var localTime: String?
    /// The instant it starts (RFC 3339, UTC), when the date and time are known.
    public var dateTime: Date?
    /// The venue's IANA time zone (`Europe/London`), when known.
    public var timezone: String?
    /// The date is known, the time is not yet ("time to be announced").
    public var timeToBeAnnounced: Bool
    /// The date is not known yet.
    public var dateToBeAnnounced: Bool

    // Spelled as `WireJSON` converts them to and from snake_case.
    private enum CodingKeys: String, CodingKey {
        case localDate, localTime, dateTime, timezone, timeToBeAnnounced, dateToBeAnnounced
    }

    /// Creates a start.
    public init(
        localDate: String?, localTime: String?, dateTime: Date?, timezone: String?, timeToBeAnnounced: Bool = false,
        dateToBeAnnounced: Bool = false
    ) {
        self.localDate = localDate
        self.localTime = localTime
        self.dateTime = dateTime
        self.timezone = timezone
        self.timeToBeAnnounced = timeToBeAnnounced
        self.dateToBeAnnounced = dateToBeAnnounced
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        localDate = try container.decodeIfPresent(String.self, forKey: .localDate)
        localTime = try container.decodeIfPresent(String.self, forKey: .localTime)
        dateTime = try container.decodeIfPresent(RFC3339.Timestamp.self, forKey: .dateTime)?.date
        timezone = try container.decodeIfPresent(String.self, forKey: .timezone)
        timeToBeAnnounced = try container.decodeIfPresent(Bool.self, forKey: .timeToBeAnnounced) ?? false
        dateToBeAnnounced = try container.decodeIfPresent(Bool.self, forKey: .dateToBeAnnounced) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(localDate, forKey: .localDate)
        try container.encodeIfPresent(localTime, forKey: .localTime)
        try container.encodeIfPresent(dateTime.map(RFC3339.Timestamp.init), forKey: .dateTime)
        try container.encodeIfPresent(timezone, forKey: .timezone)
        try container.encode(timeToBeAnnounced, forKey: .timeToBeAnnounced)
        try container.encode(dateToBeAnnounced, forKey: .dateToBeAnnounced)
    }
}
