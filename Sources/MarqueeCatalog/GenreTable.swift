import MarqueeCore
package import MarqueeWire

/// TMDB's genre ids and names, which are stable public constants.
package enum GenreTable {
    /// Movie genres.
    package static let movie: [Genre] = [
        (28, "Action"), (12, "Adventure"), (16, "Animation"), (35, "Comedy"), (80, "Crime"), (99, "Documentary"),
        (18, "Drama"), (10751, "Family"), (14, "Fantasy"), (36, "History"), (27, "Horror"), (10402, "Music"),
        (9648, "Mystery"), (10749, "Romance"), (878, "Science Fiction"), (10770, "TV Movie"), (53, "Thriller"),
        (10752, "War"), (37, "Western"),
    ].map { Genre(id: $0.0, name: $0.1) }

    /// TV genres.
    package static let tv: [Genre] = [
        (10759, "Action & Adventure"), (16, "Animation"), (35, "Comedy"), (80, "Crime"), (99, "Documentary"),
        (18, "Drama"), (10751, "Family"), (10762, "Kids"), (9648, "Mystery"), (10763, "News"), (10764, "Reality"),
        (10765, "Sci-Fi & Fantasy"), (10766, "Soap"), (10767, "Talk"), (10768, "War & Politics"), (37, "Western"),
    ].map { Genre(id: $0.0, name: $0.1) }

    /// The genres of a kind (people have none).
    package static func genres(for kind: MediaKind) -> [Genre] {
        switch kind {
        case .movie: movie
        case .tv: tv
        case .person: []
        }
    }
}
