import Foundation
public import MarqueeWire
public import Observation

/// Search as the person types: a query runs once the typing pauses (`debounce`), a newer query cancels the one
/// before (whose answer, however late, is never shown), and results are read a page at a time as the last row
/// appears. An empty query shows nothing (`idle`).
@MainActor @Observable public final class SearchViewModel {
    /// How long the typing must pause before a query runs.
    public static let debounce = Duration.milliseconds(300)

    /// What the person typed; each change runs a query after the pause.
    public var query = "" {
        didSet { if query != oldValue { run(debounced: true) } }
    }
    /// What to look for; a change runs the query at once.
    public var scope: SearchScope = .multi {
        didSet { if scope != oldValue { run(debounced: false) } }
    }
    /// The results read so far.
    public var state: LoadState<PagedItems<MediaSummary>> { feed.state }
    /// Whether the next page is on its way.
    public var isLoadingMore: Bool { feed.isLoadingMore }
    /// Why the next page could not be read; what was read stays.
    public var loadMoreError: String? { feed.moreError }

    private let client: MarqueeClient
    private let locale: CatalogLocale
    private let debouncer: Debouncer
    private let feed = PageFeed<MediaSummary, Void> { "\($0.mediaType.rawValue)-\($0.id)" }

    /// Creates a search in `locale`. `sleep` is how the pause is waited for (tests pass one that takes no time).
    public init(
        client: MarqueeClient, locale: CatalogLocale = .server,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.client = client
        self.locale = locale
        debouncer = Debouncer(delay: Self.debounce, sleep: sleep)
    }

    /// Runs the query now (the keyboard's Search key), without waiting for the pause.
    public func submit() {
        run(debounced: false)
    }

    /// Runs the query if it has not run yet.
    public func load() async {
        guard !feed.hasLoaded else { return }
        run(debounced: false)
        await debouncer.task?.value
    }

    /// Runs the query again, showing the results meanwhile.
    public func refresh() async {
        run(debounced: false, keepingContent: true)
        await debouncer.task?.value
    }

    /// Reads the next page, if there is one.
    public func loadMore() async {
        await feed.loadMore()
    }

    /// Tells the model a row appeared: the last row's appearing reads the next page.
    public func rowAppeared(_ item: MediaSummary) {
        feed.rowAppeared(item)
    }

    /// The query waiting or running (for tests).
    var searching: Task<Void, Never>? { debouncer.task }
    /// The next page, while a row's appearing reads it (for tests).
    var loadingMore: Task<Void, Never>? { feed.moreTask }

    private func run(debounced: Bool, keepingContent: Bool = false) {
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            debouncer.cancel()
            feed.reset()
            return
        }
        let fetch: PageFeed<MediaSummary, Void>.Fetch = { [client, scope, locale] page in
            FetchedPage(try await client.search(text, scope: scope, page: page, locale: locale))
        }
        let work: @MainActor () async -> Void = { [weak self] in
            await self?.feed.load(fetch, keepingContent: keepingContent)
        }
        if debounced { debouncer.schedule(work) } else { debouncer.runNow(work) }
    }
}
