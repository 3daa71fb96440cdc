public import MarqueeWire
public import Observation

/// A work of art's page, with its heart.
@MainActor @Observable public final class ArtworkViewModel {
    /// The work's object number (`SK-C-5`).
    public let artworkID: String
    /// The work.
    public var state: LoadState<ArtworkDetails> { loader.state }
    /// Why the last heart did not go through; the next one clears it.
    public private(set) var actionError: String?

    private let fetch: ValueLoader<ArtworkDetails>.Fetch
    private let loader = ValueLoader<ArtworkDetails>()
    private let favorites: SavedMarks

    /// Creates the page of the work `artworkID`; without `mirror` there is no heart.
    public convenience init(client: MarqueeClient, artworkID: String, mirror: ItemMirror? = nil) {
        self.init(client: client, artworkID: artworkID, access: mirror)
    }

    init(client: MarqueeClient, artworkID: String, access: (any MirrorAccess)?) {
        self.artworkID = artworkID
        fetch = { try await client.artwork(id: artworkID) }
        favorites = SavedMarks(mirror: access, list: .favorites, kinds: [.artwork])
    }

    /// Whether the work can be saved: there is a mirror to save it to.
    public var canSave: Bool { favorites.isAvailable }
    /// Whether the work is a favourite.
    public var isFavorite: Bool { favorites.contains(.artwork, artworkID) }

    /// Loads the work, unless it is loaded, and follows the favourites.
    public func load() async {
        await loader.load(fetch)
        await favorites.follow()
    }

    /// Loads the work again, showing it meanwhile.
    public func refresh() async {
        await loader.reload(fetch, keepingContent: true)
    }

    /// Adds the work to the favourites, or takes it out.
    public func toggleFavorite() async {
        guard let work = state.content else { return }
        actionError = nil
        actionError = await favorites.toggled(.artwork, artworkID, snapshot: work.summary.itemSnapshot)
    }
}
