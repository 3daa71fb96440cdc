public import MarqueeWire

/// A numbered catalog list a screen can page through.
public enum CatalogListSource: Sendable, Equatable {
    /// A movie list; `window` is for `.trending` only.
    case movies(MovieList, window: TrendingWindow? = nil)
    /// A TV list; `window` is for `.trending` only.
    case tv(TVList, window: TrendingWindow? = nil)
    /// Popular people.
    case popularPeople
    /// Movies or shows, of one genre if given, in `sort`'s order.
    case discover(kind: MediaKind, genre: Int? = nil, sort: DiscoverSort = .popularity)

    /// The list a home row's "See all" names (`/api/v1/movies/trending?window=week`); nil for one this SDK does not
    /// know.
    public init?(seeAll path: String) {
        let parts = path.split(separator: "?", maxSplits: 1).map(String.init)
        let segments = (parts.first ?? "").split(separator: "/").map(String.init)
        let window = parts.count > 1 ? Self.window(in: parts[1]) : nil
        guard segments.count == 4, segments[0] == "api", segments[1] == "v1" else { return nil }
        switch (segments[2], segments[3]) {
        case ("movies", let name):
            guard let list = MovieList(rawValue: name) else { return nil }
            self = .movies(list, window: window)
        case ("tv", let name):
            guard let list = TVList(rawValue: name) else { return nil }
            self = .tv(list, window: window)
        case ("people", "popular"):
            self = .popularPeople
        default:
            return nil
        }
    }

    /// Reads page `page` of the list.
    func page(_ page: Int, client: MarqueeClient, locale: CatalogLocale) async throws -> Page<MediaSummary> {
        switch self {
        case .movies(let list, let window):
            try await client.movies(list, page: page, window: window, locale: locale)
        case .tv(let list, let window):
            try await client.tvShows(list, page: page, window: window, locale: locale)
        case .popularPeople:
            try await client.popularPeople(page: page, locale: locale)
        case .discover(let kind, let genre, let sort):
            try await client.discover(kind: kind, genre: genre, sort: sort, page: page, locale: locale)
        }
    }

    private static func window(in query: String) -> TrendingWindow? {
        query.split(separator: "&").lazy.compactMap { pair -> TrendingWindow? in
            let field = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard field.count == 2, field[0] == "window" else { return nil }
            return TrendingWindow(rawValue: field[1])
        }.first
    }
}
