/// Whether an event's tickets are on sale, or what became of it.
public enum EventStatus: String, Codable, Sendable, CaseIterable, Hashable {
    /// Tickets can be bought.
    case onSale = "on_sale"
    /// Tickets are not (or no longer) sold.
    case offSale = "off_sale"
    /// It will not take place.
    case cancelled
    /// It is put off, with no new date yet (the date shown is the one it had).
    case postponed
    /// It has a new date: the one shown.
    case rescheduled
}
