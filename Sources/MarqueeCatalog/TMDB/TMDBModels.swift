// Response shapes of the TMDB v3 endpoints Marquee uses, decoded with `.convertFromSnakeCase`.
// Every field TMDB may omit or null is optional; empty date strings are treated as absent by the mapper.

struct TMDBPage<Item: Decodable & Sendable>: Decodable, Sendable {
    var page: Int
    var results: [Item]
    var totalPages: Int
    var totalResults: Int
}

/// A movie, show or person as lists, search results, recommendations and credits carry them.
struct TMDBListItem: Decodable, Sendable {
    var id: Int
    var mediaType: String?
    var title: String?
    var name: String?
    var originalTitle: String?
    var originalName: String?
    var originalLanguage: String?
    var overview: String?
    var releaseDate: String?
    var firstAirDate: String?
    var genreIds: [Int]?
    var posterPath: String?
    var backdropPath: String?
    var profilePath: String?
    var voteAverage: Double?
    var voteCount: Int?
    var popularity: Double?
    var knownForDepartment: String?
    var knownFor: [TMDBKnownFor]?
    var character: String?
    var job: String?
}

struct TMDBKnownFor: Decodable, Sendable {
    var title: String?
    var name: String?
}

struct TMDBGenre: Decodable, Sendable {
    var id: Int
    var name: String
}

struct TMDBGenreList: Decodable, Sendable {
    var genres: [TMDBGenre]
}

struct TMDBCredits: Decodable, Sendable {
    var cast: [TMDBCast]?
    var crew: [TMDBCrew]?
}

struct TMDBCast: Decodable, Sendable {
    var id: Int
    var name: String
    var character: String?
    var order: Int?
    var profilePath: String?
}

struct TMDBCrew: Decodable, Sendable {
    var id: Int
    var name: String
    var job: String?
    var department: String?
    var profilePath: String?
}

struct TMDBVideos: Decodable, Sendable {
    var results: [TMDBVideo]
}

struct TMDBVideo: Decodable, Sendable {
    var iso6391: String?
    var name: String
    var key: String
    var site: String
    var type: String
    var official: Bool?
    var publishedAt: String?
}

struct TMDBWatchProviders: Decodable, Sendable {
    var results: [String: TMDBWatchRegion]
}

struct TMDBWatchRegion: Decodable, Sendable {
    var link: String?
    var flatrate: [TMDBWatchProvider]?
    var free: [TMDBWatchProvider]?
    var ads: [TMDBWatchProvider]?
    var rent: [TMDBWatchProvider]?
    var buy: [TMDBWatchProvider]?
}

struct TMDBWatchProvider: Decodable, Sendable {
    var providerId: Int
    var providerName: String
    var logoPath: String?
    var displayPriority: Int?
}

struct TMDBReleaseDates: Decodable, Sendable {
    struct Country: Decodable, Sendable {
        var iso31661: String
        var releaseDates: [Release]
    }
    struct Release: Decodable, Sendable {
        var certification: String?
        var type: Int?
    }
    var results: [Country]
}

struct TMDBContentRatings: Decodable, Sendable {
    struct Rating: Decodable, Sendable {
        var iso31661: String
        var rating: String
    }
    var results: [Rating]
}

struct TMDBCountry: Decodable, Sendable {
    var iso31661: String
}

struct TMDBNamed: Decodable, Sendable {
    var id: Int?
    var name: String
    var profilePath: String?
}

struct TMDBExternalIDs: Decodable, Sendable {
    var imdbId: String?
}

struct TMDBConfiguration: Decodable, Sendable {
    struct Images: Decodable, Sendable {
        var secureBaseUrl: String
        var posterSizes: [String]
        var backdropSizes: [String]
        var profileSizes: [String]
        var logoSizes: [String]
    }
    var images: Images
}

/// `/find/{external_id}`: what TMDB knows under another site's id.
struct TMDBFindResults: Decodable, Sendable {
    var movieResults: [TMDBListItem]
    var tvResults: [TMDBListItem]
}
