import MarqueeWire
import Observation

/// What the search screens whose rows have hearts share (events, works of art): the search waits for the typing to
/// pause and cancels the one before, pages are read as the last row appears, and the hearts follow the favourites
/// of the rows' kind. The screen's model says what to fetch.
@MainActor @Observable final class HeartedSearch<Item: Sendable, Info: Sendable> {
    /// The pages read.
    let feed: PageFeed<Item, Info>
    /// Why the last heart did not go through; the next one clears it.
    private(set) var actionError: String?

    @ObservationIgnored private let debouncer: Debouncer
    @ObservationIgnored private let favorites: SavedMarks
    @ObservationIgnored private let kind: SavedKind
    @ObservationIgnored private let id: (Item) -> String
    @ObservationIgnored private let snapshot: (Item) -> ItemSnapshot

    /// A search whose rows are items of `kind`, told apart by `id`, saved with `snapshot`; without `access` there are
    /// no hearts. The typing must pause `debounce` (waited with `sleep`).
    init(
        kind: SavedKind, access: (any MirrorAccess)?, debounce: Duration, sleep: @escaping Debouncer.Sleep,
        id: @escaping (Item) -> String, snapshot: @escaping (Item) -> ItemSnapshot
    ) {
        feed = PageFeed(identity: id)
        debouncer = Debouncer(delay: debounce, sleep: sleep)
        favorites = SavedMarks(mirror: access, list: .favorites, kinds: [kind])
        self.kind = kind
        self.id = id
        self.snapshot = snapshot
    }

    /// Whether rows can be saved: there is a mirror to save them to.
    var canSave: Bool { favorites.isAvailable }

    /// The search waiting or running.
    var searching: Task<Void, Never>? { debouncer.task }

    func isFavorite(_ item: Item) -> Bool {
        favorites.contains(kind, id(item))
    }

    /// Follows the favourites, and runs `start` (which calls `search`) unless a first page was read; returns once
    /// that search has.
    func load(_ start: () -> Void) async {
        await favorites.follow()
        guard !feed.hasLoaded else { return }
        start()
        await debouncer.task?.value
    }

    /// Reads the first page with `fetch`: once the typing pauses when `debounced`, else now. With `keepingContent`
    /// the rows read stay shown meanwhile.
    func search(_ fetch: @escaping PageFeed<Item, Info>.Fetch, debounced: Bool, keepingContent: Bool = false) {
        let work: @MainActor () async -> Void = { [weak self] in
            await self?.feed.load(fetch, keepingContent: keepingContent)
        }
        if debounced { debouncer.schedule(work) } else { debouncer.runNow(work) }
    }

    /// Drops the search waiting or running, and the rows.
    func clear() {
        debouncer.cancel()
        feed.reset()
    }

    func toggleFavorite(_ item: Item) async {
        actionError = nil
        actionError = await favorites.toggled(kind, id(item), snapshot: snapshot(item))
    }
}
