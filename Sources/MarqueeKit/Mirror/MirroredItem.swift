public import MarqueeWire

/// What the mirror shows for one item: the item as it will be once this device's waiting writes land, and whether
/// the server has it so.
public struct MirroredItem: Sendable, Equatable, Identifiable {
    /// The item, with any write not yet confirmed already applied.
    public var item: SavedItem
    /// Whether the server has the item as shown.
    public var state: WriteState

    /// `list/kind/id`, such as `favorites/movie/603`: unique across both lists.
    public var id: String { ItemKey(item).text }

    /// Creates a mirrored item.
    public init(item: SavedItem, state: WriteState) {
        self.item = item
        self.state = state
    }
}

/// Where a mirrored item stands with the server.
public enum WriteState: Sendable, Equatable {
    /// The server has the item as shown.
    case confirmed
    /// A write made on this device is applied here and waits to be sent or answered.
    case pending
    /// The server turned down the latest write made here (the item shows what the server has); `reason` is its
    /// sentence for people.
    case refused(reason: String)
}
