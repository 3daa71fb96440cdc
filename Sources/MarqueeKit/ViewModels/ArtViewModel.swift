import Foundation
public import MarqueeWire
public import Observation

/// Works of art: the museum's highlights, or those matching a title or maker as the person types (once the typing
/// pauses; a newer search cancels the one before), read a page at a time as the last row appears.
@MainActor @Observable public final class ArtViewModel {
    /// How long the typing must pause before a search runs.
    public static let debounce = Duration.milliseconds(300)

    /// A title or maker; empty shows the highlights.
    public var query = "" {
        didSet { if query != oldValue { run(debounced: true) } }
    }
    /// The works read so far.
    public var state: LoadState<PagedItems<ArtworkSummary>> { search.feed.state }
    /// Whether the next page is on its way.
    public var isLoadingMore: Bool { search.feed.isLoadingMore }
    /// Why the next page could not be read; what was read stays.
    public var loadMoreError: String? { search.feed.moreError }
    /// Whether the museum's search could not be reached, so the works come from Marquee's own sample.
    public var liveSearchUnavailable: Bool { search.feed.info ?? false }
    /// Whether the works shown are the highlights (no query).
    public var showsHighlights: Bool { trimmedQuery.isEmpty }
    /// Why the last heart did not go through; the next one clears it.
    public var actionError: String? { search.actionError }

    private let client: MarqueeClient
    private let search: HeartedSearch<ArtworkSummary, Bool>

    /// Creates the art screen; without `mirror` there are no hearts. `sleep` is how the pause is waited for.
    public convenience init(
        client: MarqueeClient, mirror: ItemMirror? = nil,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.init(client: client, access: mirror, sleep: sleep)
    }

    init(client: MarqueeClient, access: (any MirrorAccess)?, sleep: @escaping Debouncer.Sleep) {
        self.client = client
        search = HeartedSearch(
            kind: .artwork, access: access, debounce: Self.debounce, sleep: sleep, id: \.id, snapshot: \.itemSnapshot)
    }

    /// Whether works can be saved: there is a mirror to save them to.
    public var canSave: Bool { search.canSave }

    /// Whether `work` is a favourite.
    public func isFavorite(_ work: ArtworkSummary) -> Bool {
        search.isFavorite(work)
    }

    /// Reads the highlights (or the query's works), unless they were read, and follows the favourites.
    public func load() async {
        await search.load { run(debounced: false) }
    }

    /// Reads the works again, showing them meanwhile.
    public func refresh() async {
        run(debounced: false, keepingContent: true)
        await search.searching?.value
    }

    /// Searches now (the keyboard's Search key), without waiting for the pause.
    public func submit() {
        run(debounced: false)
    }

    /// Reads the next page, if there is one.
    public func loadMore() async {
        await search.feed.loadMore()
    }

    /// Tells the model a row appeared: the last row's appearing reads the next page.
    public func rowAppeared(_ work: ArtworkSummary) {
        search.feed.rowAppeared(work)
    }

    /// Adds `work` to the favourites, or takes it out.
    public func toggleFavorite(_ work: ArtworkSummary) async {
        await search.toggleFavorite(work)
    }

    /// The search waiting or running (for tests).
    var searching: Task<Void, Never>? { search.searching }

    private var trimmedQuery: String { query.trimmingCharacters(in: .whitespacesAndNewlines) }

    private func run(debounced: Bool, keepingContent: Bool = false) {
        let text = trimmedQuery
        let fetch: PageFeed<ArtworkSummary, Bool>.Fetch = { [client] page in
            let found = try await client.artworks(matching: text.isEmpty ? nil : text, page: page)
            return FetchedPage(items: found.results, totalPages: found.totalPages, info: found.liveSearchUnavailable)
        }
        // Going back to the highlights needs no pause: nothing is being typed.
        search.search(fetch, debounced: debounced && !text.isEmpty, keepingContent: keepingContent)
    }
}
