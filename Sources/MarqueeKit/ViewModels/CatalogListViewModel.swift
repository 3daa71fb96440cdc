public import MarqueeWire
public import Observation

/// A catalog list in full ("See all"), read a page at a time as its last row appears.
@MainActor @Observable public final class CatalogListViewModel {
    /// What the list is.
    public let source: CatalogListSource
    /// The list's heading.
    public let title: String
    /// The titles (or people) read so far.
    public var state: LoadState<PagedItems<MediaSummary>> { feed.state }
    /// Whether the next page is on its way.
    public var isLoadingMore: Bool { feed.isLoadingMore }
    /// Why the next page could not be read; what was read stays.
    public var loadMoreError: String? { feed.moreError }

    private let client: MarqueeClient
    private let locale: CatalogLocale
    private let feed = PageFeed<MediaSummary, Void> { "\($0.mediaType.rawValue)-\($0.id)" }

    /// Creates the model of the list `source`, headed `title`, in `locale`.
    public init(client: MarqueeClient, source: CatalogListSource, title: String, locale: CatalogLocale = .server) {
        self.client = client
        self.source = source
        self.title = title
        self.locale = locale
    }

    /// Reads the first page, unless it was read.
    public func load() async {
        guard !feed.hasLoaded else { return }
        await feed.load(fetch)
    }

    /// Reads the list again from its first page, showing what was read meanwhile.
    public func refresh() async {
        await feed.load(fetch, keepingContent: true)
    }

    /// Reads the next page, if there is one.
    public func loadMore() async {
        await feed.loadMore()
    }

    /// Tells the model a row appeared: the last row's appearing reads the next page.
    public func rowAppeared(_ item: MediaSummary) {
        feed.rowAppeared(item)
    }

    /// The next page, while a row's appearing reads it (for tests).
    var loadingMore: Task<Void, Never>? { feed.moreTask }

    private var fetch: PageFeed<MediaSummary, Void>.Fetch {
        { [client, source, locale] page in
            FetchedPage(try await source.page(page, client: client, locale: locale))
        }
    }
}
