public import MarqueeWire
public import Observation

/// An event's page: its venue, prices and where to buy tickets, with its heart.
@MainActor @Observable public final class EventDetailsViewModel {
    /// The event's id.
    public let eventID: String
    /// The event.
    public var state: LoadState<EventDetails> { loader.state }
    /// Why the last heart did not go through; the next one clears it.
    public private(set) var actionError: String?

    private let fetch: ValueLoader<EventDetails>.Fetch
    private let loader = ValueLoader<EventDetails>()
    private let favorites: SavedMarks

    /// Creates the page of the event `eventID`; without `mirror` there is no heart.
    public convenience init(client: MarqueeClient, eventID: String, mirror: ItemMirror? = nil) {
        self.init(client: client, eventID: eventID, access: mirror)
    }

    init(client: MarqueeClient, eventID: String, access: (any MirrorAccess)?) {
        self.eventID = eventID
        fetch = { try await client.event(id: eventID) }
        favorites = SavedMarks(mirror: access, list: .favorites, kinds: [.event])
    }

    /// Whether the event can be saved: there is a mirror to save it to.
    public var canSave: Bool { favorites.isAvailable }
    /// Whether the event is a favourite.
    public var isFavorite: Bool { favorites.contains(.event, eventID) }

    /// Loads the event, unless it is loaded, and follows the favourites.
    public func load() async {
        await loader.load(fetch)
        await favorites.follow()
    }

    /// Loads the event again, showing it meanwhile.
    public func refresh() async {
        await loader.reload(fetch, keepingContent: true)
    }

    /// Adds the event to the favourites, or takes it out.
    public func toggleFavorite() async {
        guard let event = state.content else { return }
        actionError = nil
        actionError = await favorites.toggled(.event, eventID, snapshot: event.summary.itemSnapshot)
    }
}
