/// A genre, with TMDB's id for it.
public struct Genre: Codable, Sendable, Hashable {
    /// TMDB's genre id (movie and TV genres have separate id lists).
    public var id: Int
    /// The genre's name, e.g. `Science Fiction`.
    public var name: String

    /// Creates a genre.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// The genres of one media kind: the body of `GET /api/v1/genres`.
public struct GenreList: Codable, Sendable, Equatable {
    /// `movie` or `tv`.
    public var mediaType: MediaKind
    /// The genres, sorted by name.
    public var genres: [Genre]

    /// Creates a genre list.
    public init(mediaType: MediaKind, genres: [Genre]) {
        self.mediaType = mediaType
        self.genres = genres
    }
}
