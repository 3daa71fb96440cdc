public import MarqueeWire

/// A named list of the catalog, e.g. popular movies or TV airing today.
public enum CatalogList: Hashable, Sendable {
    case movies(MovieList)
    case tv(TVList)
    case popularPeople

    /// The lists of movies.
    public enum MovieList: String, CaseIterable, Sendable {
        case trending, popular
        case topRated = "top_rated"
        case upcoming
        case nowPlaying = "now_playing"
    }

    /// The lists of TV shows.
    public enum TVList: String, CaseIterable, Sendable {
        case trending, popular
        case topRated = "top_rated"
        case airingToday = "airing_today"
        case onTheAir = "on_the_air"
    }

    /// The media kind the list holds.
    public var kind: MediaKind {
        switch self {
        case .movies: .movie
        case .tv: .tv
        case .popularPeople: .person
        }
    }

    /// The list's name as used in paths, e.g. `top_rated`.
    public var name: String {
        switch self {
        case .movies(let list): list.rawValue
        case .tv(let list): list.rawValue
        case .popularPeople: "popular"
        }
    }

    /// Whether the list takes a trending `window`.
    public var isTrending: Bool { name == "trending" }
}

/// The time window of a trending list.
public enum TrendingWindow: String, CaseIterable, Sendable {
    case day, week

    /// Parses `window=`, defaulting to `day`.
    public init(parameter: String?) throws(DomainError) {
        guard let parameter else {
            self = .day
            return
        }
        guard let window = TrendingWindow(rawValue: parameter) else {
            throw DomainError(.invalidParameter, "window must be 'day' or 'week'.")
        }
        self = window
    }
}
