public import Foundation
public import MarqueeWire

/// A write made on this device that was dropped without reaching the lists: the server turned it down (the item
/// limit, say), or it waited too long to be sent. The app shows `message`; the mirror already shows the item as the
/// server has it.
public struct Refusal: Sendable, Equatable, Identifiable {
    /// The code of a write dropped because it waited more than a week for the server to be reachable.
    public static let expiredCode = "mirror.expired"

    /// The write's ticket.
    public var ticket: WriteTicket
    /// The server's code (`items.limit_reached`, …), or `expiredCode`.
    public var code: String
    /// A sentence for people: the server's, or the mirror's for a write that expired.
    public var message: String
    /// What the write did.
    public var action: QueuedWrite.Action
    /// The list it was to change.
    public var list: SavedList
    /// The item a save would have made, or the item a removal would have removed; nil for a clear, and for an item
    /// the mirror could not show.
    public var item: SavedItem?
    /// When the write was made.
    public var madeAt: Date

    public var id: WriteTicket { ticket }

    /// Creates a refusal.
    public init(
        ticket: WriteTicket, code: String, message: String, action: QueuedWrite.Action, list: SavedList,
        item: SavedItem?, madeAt: Date
    ) {
        self.ticket = ticket
        self.code = code
        self.message = message
        self.action = action
        self.list = list
        self.item = item
        self.madeAt = madeAt
    }
}
