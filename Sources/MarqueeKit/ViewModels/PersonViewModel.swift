public import MarqueeWire
public import Observation

/// A person's page: their details and credits, and their heart.
@MainActor @Observable public final class PersonViewModel {
    /// The person's id.
    public let id: Int
    /// The details.
    public var state: LoadState<PersonDetails> { loader.state }
    /// Why the last heart did not go through; the next one clears it.
    public private(set) var actionError: String?

    private let fetch: ValueLoader<PersonDetails>.Fetch
    private let loader = ValueLoader<PersonDetails>()
    private let favorites: SavedMarks

    /// Creates the page of the person `personID`, in `locale`. Without `mirror` there is no heart.
    public convenience init(
        client: MarqueeClient, personID: Int, locale: CatalogLocale = .server, mirror: ItemMirror? = nil
    ) {
        self.init(client: client, personID: personID, locale: locale, access: mirror)
    }

    init(client: MarqueeClient, personID: Int, locale: CatalogLocale, access: (any MirrorAccess)?) {
        id = personID
        fetch = { try await client.person(id: personID, locale: locale) }
        favorites = SavedMarks(mirror: access, list: .favorites, kinds: [.person])
    }

    /// Whether the person can be saved: there is a mirror to save them to.
    public var canSave: Bool { favorites.isAvailable }
    /// Whether the person is a favourite.
    public var isFavorite: Bool { favorites.contains(.person, String(id)) }

    /// Loads the details, unless they are loaded, and follows the favourites.
    public func load() async {
        await loader.load(fetch)
        await favorites.follow()
    }

    /// Loads the details again, showing the ones loaded meanwhile.
    public func refresh() async {
        await loader.reload(fetch, keepingContent: true)
    }

    /// Adds the person to the favourites, or takes them out.
    public func toggleFavorite() async {
        guard let person = state.content else { return }
        actionError = nil
        actionError = await favorites.toggled(.person, String(id), snapshot: person.itemSnapshot)
    }
}
