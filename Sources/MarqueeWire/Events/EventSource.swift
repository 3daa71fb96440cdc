/// Where an event comes from.
public enum EventSource: String, Codable, Sendable, CaseIterable, Hashable {
    /// Ticketmaster's Discovery API (the server has a key).
    case ticketmaster
    /// Marquee's embedded demo programme: fictional events, each shown as "Demo event".
    case demo
}
