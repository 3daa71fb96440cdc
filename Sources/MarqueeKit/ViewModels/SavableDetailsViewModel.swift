public import MarqueeWire
public import Observation

/// The page of one thing a person can heart that is not a title: a work of art (`ArtworkViewModel`) or an event
/// (`EventDetailsViewModel`). It loads the thing and keeps its heart in step with the mirror.
@MainActor @Observable public final class SavableDetailsViewModel<Details: Sendable> {
    /// The thing's id (an object number such as `SK-C-5`, or an event's id).
    public let id: String
    /// The thing.
    public var state: LoadState<Details> { loader.state }
    /// Why the last heart did not go through; the next one clears it.
    public private(set) var actionError: String?

    private let kind: SavedKind
    private let fetch: ValueLoader<Details>.Fetch
    private let snapshot: (Details) -> ItemSnapshot
    private let loader = ValueLoader<Details>()
    private let favorites: SavedMarks

    init(
        id: String, kind: SavedKind, access: (any MirrorAccess)?, fetch: @escaping ValueLoader<Details>.Fetch,
        snapshot: @escaping (Details) -> ItemSnapshot
    ) {
        self.id = id
        self.kind = kind
        self.fetch = fetch
        self.snapshot = snapshot
        favorites = SavedMarks(mirror: access, list: .favorites, kinds: [kind])
    }

    /// Whether the thing can be saved: there is a mirror to save it to.
    public var canSave: Bool { favorites.isAvailable }
    /// Whether the thing is a favourite.
    public var isFavorite: Bool { favorites.contains(kind, id) }

    /// Loads the thing, unless it is loaded, and follows the favourites.
    public func load() async {
        await loader.load(fetch)
        await favorites.follow()
    }

    /// Loads the thing again, showing it meanwhile.
    public func refresh() async {
        await loader.reload(fetch, keepingContent: true)
    }

    /// Adds the thing to the favourites, or takes it out.
    public func toggleFavorite() async {
        guard let details = state.content else { return }
        actionError = nil
        actionError = await favorites.toggled(kind, id, snapshot: snapshot(details))
    }
}

/// A work of art's page, with its heart.
public typealias ArtworkViewModel = SavableDetailsViewModel<ArtworkDetails>

/// An event's page: its venue, prices and where to buy tickets, with its heart.
public typealias EventDetailsViewModel = SavableDetailsViewModel<EventDetails>

extension SavableDetailsViewModel where Details == ArtworkDetails {
    /// Creates the page of the work `artworkID`; without `mirror` there is no heart.
    public convenience init(client: MarqueeClient, artworkID: String, mirror: ItemMirror? = nil) {
        self.init(client: client, artworkID: artworkID, access: mirror)
    }

    convenience init(client: MarqueeClient, artworkID: String, access: (any MirrorAccess)?) {
        self.init(
            id: artworkID, kind: .artwork, access: access, fetch: { try await client.artwork(id: artworkID) },
            snapshot: { $0.summary.itemSnapshot })
    }

    /// The work's object number (`SK-C-5`).
    public var artworkID: String { id }
}

extension SavableDetailsViewModel where Details == EventDetails {
    /// Creates the page of the event `eventID`; without `mirror` there is no heart.
    public convenience init(client: MarqueeClient, eventID: String, mirror: ItemMirror? = nil) {
        self.init(client: client, eventID: eventID, access: mirror)
    }

    convenience init(client: MarqueeClient, eventID: String, access: (any MirrorAccess)?) {
        self.init(
            id: eventID, kind: .event, access: access, fetch: { try await client.event(id: eventID) },
            snapshot: { $0.summary.itemSnapshot })
    }

    /// The event's id.
    public var eventID: String { id }
}
