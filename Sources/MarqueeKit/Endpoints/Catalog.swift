public import MarqueeWire

/// `/api/v1` catalog operations: movie, TV and people lists, details, search, genres, discovery and the home feed.
/// Lists are numbered pages of 20; `pages(_:)` reads one page after another.
extension MarqueeClient {
    /// A page of a movie list; `window` is for `.trending` only (a day when nil).
    public func movies(
        _ list: MovieList, page: Int = 1, window: TrendingWindow? = nil, locale: CatalogLocale = .server
    ) async throws -> Page<MediaSummary> {
        try await value(
            APIRequest(
                "GET", ["movies", list.rawValue],
                query: Self.listParameters(page: page, window: list == .trending ? window : nil, locale: locale)))
    }

    /// A page of a TV list; `window` is for `.trending` only (a day when nil).
    public func tvShows(
        _ list: TVList, page: Int = 1, window: TrendingWindow? = nil, locale: CatalogLocale = .server
    ) async throws -> Page<MediaSummary> {
        try await value(
            APIRequest(
                "GET", ["tv", list.rawValue],
                query: Self.listParameters(page: page, window: list == .trending ? window : nil, locale: locale)))
    }

    /// A page of popular people.
    public func popularPeople(page: Int = 1, locale: CatalogLocale = .server) async throws -> Page<MediaSummary> {
        try await value(
            APIRequest(
                "GET", ["people", "popular"], query: Self.listParameters(page: page, window: nil, locale: locale)))
    }

    /// A movie, with its credits, videos and where to watch it.
    public func movie(id: Int, locale: CatalogLocale = .server) async throws -> MovieDetails {
        try await value(APIRequest("GET", ["movies", String(id)], query: locale.parameters))
    }

    /// A TV show, with its seasons, credits, videos and where to watch it.
    public func tvShow(id: Int, locale: CatalogLocale = .server) async throws -> TVDetails {
        try await value(APIRequest("GET", ["tv", String(id)], query: locale.parameters))
    }

    /// A person, with their credits.
    public func person(id: Int, locale: CatalogLocale = .server) async throws -> PersonDetails {
        try await value(APIRequest("GET", ["people", String(id)], query: locale.parameters))
    }

    /// A page of titles and people matching `text` (1 to 200 characters), of one `year` if given.
    public func search(
        _ text: String, scope: SearchScope = .multi, year: Int? = nil, page: Int = 1, locale: CatalogLocale = .server
    ) async throws -> Page<MediaSummary> {
        try await value(
            APIRequest(
                "GET", ["search"],
                query: [("q", text), ("type", scope.rawValue), ("year", year.map(String.init)), ("page", String(page))]
                    + locale.parameters))
    }

    /// The genres of movies or of TV shows.
    public func genres(kind: MediaKind = .movie, locale: CatalogLocale = .server) async throws -> GenreList {
        try await value(APIRequest("GET", ["genres"], query: [("kind", kind.rawValue)] + locale.parameters))
    }

    /// A page of movies or TV shows, of one genre if given (an id from `genres(kind:)`), in `sort`'s order.
    public func discover(
        kind: MediaKind = .movie, genre: Int? = nil, sort: DiscoverSort = .popularity, page: Int = 1,
        locale: CatalogLocale = .server
    ) async throws -> Page<MediaSummary> {
        try await value(
            APIRequest(
                "GET", ["discover"],
                query: [
                    ("kind", kind.rawValue), ("genre", genre.map(String.init)), ("sort", sort.rawValue),
                    ("page", String(page)),
                ] + locale.parameters))
    }

    /// Everything the home screen shows: a hero title and rows of lists.
    public func home(locale: CatalogLocale = .server) async throws -> HomeFeed {
        try await value(APIRequest("GET", ["home"], query: locale.parameters))
    }

    private static func listParameters(page: Int, window: TrendingWindow?, locale: CatalogLocale)
        -> [(name: String, value: String?)]
    {
        [("window", window?.rawValue), ("page", String(page))] + locale.parameters
    }
}
