package import MarqueeWire

/// A named list of the catalog, e.g. popular movies or TV airing today.
package enum CatalogList: Hashable, Sendable {
    case movies(MovieList)
    case tv(TVList)
    case popularPeople

    /// The lists of movies.
    package enum MovieList: String, CaseIterable, Sendable {
        case trending, popular
        case topRated = "top_rated"
        case upcoming
        case nowPlaying = "now_playing"
    }

    /// The lists of TV shows.
    package enum TVList: String, CaseIterable, Sendable {
        case trending, popular
        case topRated = "top_rated"
        case airingToday = "airing_today"
        case onTheAir = "on_the_air"
    }

    /// The media kind the list holds.
    package var kind: MediaKind {
        switch self {
        case .movies: .movie
        case .tv: .tv
        case .popularPeople: .person
        }
    }

    /// The list's name as used in paths, e.g. `top_rated`.
    package var name: String {
        switch self {
        case .movies(let list): list.rawValue
        case .tv(let list): list.rawValue
        case .popularPeople: "popular"
        }
    }

    /// Whether the list takes a trending `window`.
    package var isTrending: Bool { name == "trending" }
}

/// The time window of a trending list.
package enum TrendingWindow: String, CaseIterable, Sendable {
    case day, week

    /// Parses `window=`, defaulting to `day`.
    package init(parameter: String?) throws(DomainError) {
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
