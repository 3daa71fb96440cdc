/// Everything a TV show's detail page shows, in one response.
public struct TVDetails: Codable, Sendable, Hashable {
    /// Always `tv`.
    public var mediaType: MediaKind = .tv
    /// TMDB id (or a local id ≥ 1,000,000,000).
    public var id: Int
    /// IMDb id, `tt…`.
    public var imdbId: String?
    /// The show's name in the requested language.
    public var title: String
    /// The name in its original language.
    public var originalTitle: String
    /// ISO 639-1 code of the original language.
    public var originalLanguage: String?
    /// First air date, RFC 3339 full-date.
    public var firstAirDate: String?
    /// Last air date so far, RFC 3339 full-date.
    public var lastAirDate: String?
    /// The year it started.
    public var year: Int?
    /// `Returning Series`, `Ended`, `Canceled`, …
    public var status: String?
    /// Whether new episodes are still being made.
    public var inProduction: Bool?
    /// Typical episode running time in minutes.
    public var episodeRuntime: Int?
    /// Number of seasons.
    public var numberOfSeasons: Int?
    /// Number of episodes.
    public var numberOfEpisodes: Int?
    /// Networks or services it airs on.
    public var networks: [String]
    /// Genres.
    public var genres: [Genre]
    /// Average rating 0–10.
    public var voteAverage: Double?
    /// Number of votes (0 for an editors' score).
    public var voteCount: Int
    /// `tmdb` or `editors`, as for movies.
    public var ratingSource: String
    /// Popularity figure of the source.
    public var popularity: Double?
    /// A short description.
    public var overview: String?
    /// A tagline.
    public var tagline: String?
    /// Poster images.
    public var poster: ImageSet?
    /// Backdrop images.
    public var backdrop: ImageSet?
    /// ISO 3166-1 codes of the countries of origin.
    public var originCountries: [String]
    /// The region the certification and watch providers are for.
    public var region: String
    /// The content rating in `region`, e.g. `TV-MA`.
    public var certification: String?
    /// Main cast, in billing order.
    public var cast: [CastCredit]
    /// Creators and key writers/directors.
    public var crew: [CrewCredit]
    /// Trailers first; the requested language before English.
    public var videos: [Video]
    /// Shows people who liked this also liked.
    public var recommendations: [MediaSummary]
    /// Shows like this one.
    public var similar: [MediaSummary]
    /// Where to watch it in `region`.
    public var watchProviders: WatchProviders?

    /// Creates TV details; collections default to empty.
    public init(
        id: Int, imdbId: String? = nil, title: String, originalTitle: String, originalLanguage: String? = nil,
        firstAirDate: String? = nil, lastAirDate: String? = nil, year: Int? = nil, status: String? = nil,
        inProduction: Bool? = nil, episodeRuntime: Int? = nil, numberOfSeasons: Int? = nil,
        numberOfEpisodes: Int? = nil, networks: [String] = [], genres: [Genre] = [], voteAverage: Double? = nil,
        voteCount: Int = 0, ratingSource: String, popularity: Double? = nil, overview: String? = nil,
        tagline: String? = nil, poster: ImageSet? = nil, backdrop: ImageSet? = nil, originCountries: [String] = [],
        region: String, certification: String? = nil, cast: [CastCredit] = [], crew: [CrewCredit] = [],
        videos: [Video] = [], recommendations: [MediaSummary] = [], similar: [MediaSummary] = [],
        watchProviders: WatchProviders? = nil
    ) {
        self.id = id
        self.imdbId = imdbId
        self.title = title
        self.originalTitle = originalTitle
        self.originalLanguage = originalLanguage
        self.firstAirDate = firstAirDate
        self.lastAirDate = lastAirDate
        self.year = year
        self.status = status
        self.inProduction = inProduction
        self.episodeRuntime = episodeRuntime
        self.numberOfSeasons = numberOfSeasons
        self.numberOfEpisodes = numberOfEpisodes
        self.networks = networks
        self.genres = genres
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.ratingSource = ratingSource
        self.popularity = popularity
        self.overview = overview
        self.tagline = tagline
        self.poster = poster
        self.backdrop = backdrop
        self.originCountries = originCountries
        self.region = region
        self.certification = certification
        self.cast = cast
        self.crew = crew
        self.videos = videos
        self.recommendations = recommendations
        self.similar = similar
        self.watchProviders = watchProviders
    }
}
