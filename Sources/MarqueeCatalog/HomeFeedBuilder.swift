package import MarqueeCore
package import MarqueeWire

/// Assembles the home page (a random hero plus the standard rows) from any provider, in one call.
package struct HomeFeedBuilder: Sendable {
    private let provider: any CatalogProvider
    private let pickIndex: @Sendable (Int) -> Int

    /// Creates a builder. `pickIndex(n)` returns a random index below `n`; tests pass a fixed one.
    package init(
        provider: any CatalogProvider, pickIndex: @escaping @Sendable (Int) -> Int = { Int.random(in: 0..<$0) }
    ) {
        self.provider = provider
        self.pickIndex = pickIndex
    }

    /// The home feed for a locale; the rows are fetched concurrently.
    package func build(locale: LocaleOptions) async throws -> HomeFeed {
        let specs: [(id: String, title: String, list: CatalogList)] = [
            ("trending_movies", "Trending movies", .movies(.trending)),
            ("trending_tv", "Trending TV", .tv(.trending)),
            ("popular_movies", "Popular movies", .movies(.popular)),
            ("upcoming_movies", "Upcoming", .movies(.upcoming)),
            ("top_rated_movies", "Top rated", .movies(.topRated)),
        ]
        let provider = self.provider
        let pages = try await withThrowingTaskGroup(of: (Int, Page<MediaSummary>).self) { group in
            for (index, spec) in specs.enumerated() {
                group.addTask {
                    (index, try await provider.list(spec.list, window: .day, page: 1, locale: locale))
                }
            }
            var pages = [Page<MediaSummary>?](repeating: nil, count: specs.count)
            for try await (index, page) in group { pages[index] = page }
            return pages.compactMap { $0 }
        }
        let rows = zip(specs, pages).map { spec, page in
            HomeRow(id: spec.id, title: spec.title, seeAll: Self.path(of: spec.list), results: page.results)
        }
        let candidates = (pages[0].results + pages[1].results).filter { $0.backdrop != nil }
        let hero = candidates.isEmpty ? nil : candidates[pickIndex(candidates.count)]
        return HomeFeed(hero: hero, rows: rows)
    }

    private static func path(of list: CatalogList) -> String {
        switch list {
        case .movies(let name): "/api/v1/movies/\(name.rawValue)"
        case .tv(let name): "/api/v1/tv/\(name.rawValue)"
        case .popularPeople: "/api/v1/people/popular"
        }
    }
}
