import Observation

/// A page of a numbered list as a fetch returns it, with what the list says of itself (`Info`: an events search's
/// place, whether an art search was live).
struct FetchedPage<Item: Sendable, Info: Sendable>: Sendable {
    var items: [Item]
    var totalPages: Int
    var info: Info
}

/// A numbered list read a page at a time: the first page as a `LoadState`, each next one added when asked for.
/// A newer first load wins over everything begun before it, and an answer that arrives for a cancelled task (a
/// query since replaced) is dropped even when the server ignored the cancellation.
@MainActor @Observable final class PageFeed<Item: Sendable, Info: Sendable> {
    typealias Fetch = @Sendable (_ page: Int) async throws -> FetchedPage<Item, Info>

    private(set) var state: LoadState<PagedItems<Item>> = .idle
    /// What the last page read said of the list.
    private(set) var info: Info?
    /// Whether the next page is on its way.
    private(set) var isLoadingMore = false
    /// Why the next page could not be read; the pages read stay.
    private(set) var moreError: String?

    private let identity: (Item) -> String
    @ObservationIgnored private var fetch: Fetch?
    @ObservationIgnored private var generation = 0
    /// The next page, when a row's appearing asked for it.
    @ObservationIgnored private(set) var moreTask: Task<Void, Never>?

    /// Creates a feed; `identity` tells items apart, so that an item a shifting list sends twice is kept once.
    init(identity: @escaping (Item) -> String) {
        self.identity = identity
    }

    /// Whether a first page was asked for and the list is not being read again.
    var hasLoaded: Bool {
        switch state {
        case .loaded, .empty, .loading: true
        case .idle, .failed: false
        }
    }

    /// Reads the first page with `fetch` (which then reads the next ones), in place of whatever was read; with
    /// `keepingContent`, the items read stay on screen until the answer comes.
    func load(_ fetch: @escaping Fetch, keepingContent: Bool = false) async {
        generation += 1
        let generation = generation
        moreTask?.cancel()
        moreTask = nil
        isLoadingMore = false
        moreError = nil
        self.fetch = fetch
        let previous = state
        if !keepingContent || state.content == nil { state = .loading }
        do {
            let page = try await fetch(1)
            guard generation == self.generation, !Task.isCancelled else {
                if generation == self.generation { state = previous }
                return
            }
            info = page.info
            let items = unique(page.items, after: [])
            state = items.isEmpty ? .empty : .loaded(PagedItems(items: items, page: 1, totalPages: page.totalPages))
        } catch {
            guard generation == self.generation else { return }
            state = LoadState.failure(error) ?? previous
        }
    }

    /// Reads the next page, if there is one and it is not on its way already.
    func loadMore() async {
        guard let fetch, case .loaded(let read) = state, read.hasMore, !isLoadingMore else { return }
        let generation = generation
        isLoadingMore = true
        moreError = nil
        defer { if generation == self.generation { isLoadingMore = false } }
        do {
            let page = try await fetch(read.page + 1)
            guard generation == self.generation, !Task.isCancelled, case .loaded(var now) = state else { return }
            let added = unique(page.items, after: now.items)
            now.items += added
            now.page = read.page + 1
            // A page with nothing new ends the list, whatever its count of pages says.
            now.totalPages = added.isEmpty ? now.page : page.totalPages
            info = page.info
            state = .loaded(now)
        } catch {
            guard generation == self.generation else { return }
            moreError = LoadFailure(error)?.message
        }
    }

    /// Reads the next page when `item` is the last one read: a list's rows call this as they appear.
    func rowAppeared(_ item: Item) {
        guard let last = state.content?.items.last, identity(last) == identity(item), moreTask == nil else { return }
        let generation = generation
        moreTask = Task {
            await loadMore()
            if generation == self.generation { moreTask = nil }
        }
    }

    /// Forgets what was read, and drops every answer still on its way.
    func reset() {
        generation += 1
        moreTask?.cancel()
        moreTask = nil
        fetch = nil
        info = nil
        isLoadingMore = false
        moreError = nil
        state = .idle
    }

    private func unique(_ items: [Item], after earlier: [Item]) -> [Item] {
        var seen = Set(earlier.map(identity))
        return items.filter { seen.insert(identity($0)).inserted }
    }
}
