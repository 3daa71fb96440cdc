/// The language and region catalog answers are given in; nil fields are the server's defaults.
public struct CatalogLocale: Sendable, Equatable {
    /// A language such as `fr` or `de-DE`.
    public var language: String?
    /// An ISO 3166-1 region (`US`), for certifications, watch providers and regional release lists.
    public var region: String?

    /// Creates a locale.
    public init(language: String? = nil, region: String? = nil) {
        self.language = language
        self.region = region
    }

    /// The server's configured language and region.
    public static let server = CatalogLocale()

    var parameters: [(name: String, value: String?)] { [("language", language), ("region", region)] }
}

/// The movie lists of `/api/v1/movies/{list}`.
public enum MovieList: String, Sendable, CaseIterable {
    case trending, popular
    case topRated = "top_rated"
    case upcoming
    case nowPlaying = "now_playing"
}

/// The TV lists of `/api/v1/tv/{list}`.
public enum TVList: String, Sendable, CaseIterable {
    case trending, popular
    case topRated = "top_rated"
    case airingToday = "airing_today"
    case onTheAir = "on_the_air"
}

/// The time window of a trending list.
public enum TrendingWindow: String, Sendable, CaseIterable {
    case day, week
}

/// What a catalog search looks for.
public enum SearchScope: String, Sendable, CaseIterable {
    /// Movies, shows and people.
    case multi
    case movie, tv, person
}

/// The order of a discovery list.
public enum DiscoverSort: String, Sendable, CaseIterable {
    case popularity, rating, date
}
