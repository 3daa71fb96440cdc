// Detail responses with `append_to_response`, so one upstream call carries everything a page needs.

struct TMDBMovie: Decodable, Sendable {
    var id: Int
    var imdbId: String?
    var title: String
    var originalTitle: String?
    var originalLanguage: String?
    var releaseDate: String?
    var runtime: Int?
    var status: String?
    var genres: [TMDBGenre]?
    var voteAverage: Double?
    var voteCount: Int?
    var popularity: Double?
    var overview: String?
    var tagline: String?
    var posterPath: String?
    var backdropPath: String?
    var productionCountries: [TMDBCountry]?
    var credits: TMDBCredits?
    var videos: TMDBVideos?
    var recommendations: TMDBPage<TMDBListItem>?
    var similar: TMDBPage<TMDBListItem>?
    var watchProviders: TMDBWatchProviders?
    var releaseDates: TMDBReleaseDates?

    enum CodingKeys: String, CodingKey {
        case id, imdbId, title, originalTitle, originalLanguage, releaseDate, runtime, status, genres, voteAverage
        case voteCount, popularity, overview, tagline, posterPath, backdropPath, productionCountries, credits
        case videos, recommendations, similar, releaseDates
        case watchProviders = "watch/providers"
    }
}

struct TMDBShow: Decodable, Sendable {
    var id: Int
    var name: String
    var originalName: String?
    var originalLanguage: String?
    var firstAirDate: String?
    var lastAirDate: String?
    var status: String?
    var inProduction: Bool?
    var episodeRunTime: [Int]?
    var numberOfSeasons: Int?
    var numberOfEpisodes: Int?
    var networks: [TMDBNamed]?
    var createdBy: [TMDBNamed]?
    var genres: [TMDBGenre]?
    var voteAverage: Double?
    var voteCount: Int?
    var popularity: Double?
    var overview: String?
    var tagline: String?
    var posterPath: String?
    var backdropPath: String?
    var originCountry: [String]?
    var credits: TMDBCredits?
    var videos: TMDBVideos?
    var recommendations: TMDBPage<TMDBListItem>?
    var similar: TMDBPage<TMDBListItem>?
    var watchProviders: TMDBWatchProviders?
    var contentRatings: TMDBContentRatings?
    var externalIds: TMDBExternalIDs?

    enum CodingKeys: String, CodingKey {
        case id, name, originalName, originalLanguage, firstAirDate, lastAirDate, status, inProduction
        case episodeRunTime, numberOfSeasons, numberOfEpisodes, networks, createdBy, genres, voteAverage, voteCount
        case popularity, overview, tagline, posterPath, backdropPath, originCountry, credits, videos
        case recommendations, similar, contentRatings, externalIds
        case watchProviders = "watch/providers"
    }
}

struct TMDBPerson: Decodable, Sendable {
    struct Credits: Decodable, Sendable {
        var cast: [TMDBListItem]?
        var crew: [TMDBListItem]?
    }
    var id: Int
    var imdbId: String?
    var name: String
    var knownForDepartment: String?
    var birthday: String?
    var deathday: String?
    var placeOfBirth: String?
    var biography: String?
    var profilePath: String?
    var popularity: Double?
    var combinedCredits: Credits?
}
