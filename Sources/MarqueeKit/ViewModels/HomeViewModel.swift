public import MarqueeWire
public import Observation

/// The home screen: a hero title, and rows of lists whose "See all" opens a `CatalogListViewModel`.
@MainActor @Observable public final class HomeViewModel {
    /// The feed; empty when it has neither a hero nor a title in any row.
    public var state: LoadState<HomeFeed> { loader.state }

    private let client: MarqueeClient
    private let locale: CatalogLocale
    private let loader = ValueLoader<HomeFeed> { feed in
        feed.hero == nil && feed.rows.allSatisfy(\.results.isEmpty)
    }

    /// Creates the home screen's model, its lists in `locale`.
    public init(client: MarqueeClient, locale: CatalogLocale = .server) {
        self.client = client
        self.locale = locale
    }

    /// Loads the feed, unless it is loaded.
    public func load() async {
        await loader.load(fetch)
    }

    /// Loads the feed again, showing the one loaded meanwhile.
    public func refresh() async {
        await loader.reload(fetch, keepingContent: true)
    }

    /// The list a row's "See all" opens; nil for a row whose list this SDK does not know.
    public func seeAll(_ row: HomeRow) -> CatalogListViewModel? {
        CatalogListSource(seeAll: row.seeAll).map {
            CatalogListViewModel(client: client, source: $0, title: row.title, locale: locale)
        }
    }

    private var fetch: ValueLoader<HomeFeed>.Fetch {
        { [client, locale] in try await client.home(locale: locale) }
    }
}
