/// Everything a movie's detail page shows, in one response.
public struct MovieDetails: Codable, Sendable, Hashable {
    /// Always `movie`.
    public var mediaType: MediaKind = .movie
    /// TMDB id (or a local id ≥ 1,000,000,000 for imported titles without one).
    public var id: Int
    /// IMDb id, `tt…`.
    public var imdbId: String?
    /// The title in the requested language.
    public var title: String
    /// The title in its original language.
    public var originalTitle: String
    /// ISO 639-1 code of the original language.
    public var originalLanguage: String?
    /// First release, RFC 3339 full-date, when known to the day.
    public var releaseDate: String?
    /// The release year.
    public var year: Int?
    /// Running time in minutes.
    public var runtime: Int?
    /// `Released`, `Post Production`, …
    public var status: String?
    /// Genres.
    public var genres: [Genre]
    /// Average rating 0–10.
    public var voteAverage: Double?
    /// Number of votes (0 for an editors' score).
    public var voteCount: Int
    /// `tmdb` for TMDB's user ratings, `editors` for the demo catalog's own scores.
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
    /// ISO 3166-1 codes of the production countries.
    public var productionCountries: [String]
    /// The region the certification and watch providers are for.
    public var region: String
    /// The age certification in `region`, e.g. `PG-13`.
    public var certification: String?
    /// Top-billed cast, in billing order.
    public var cast: [CastCredit]
    /// Directors and writers.
    public var crew: [CrewCredit]
    /// Trailers first, then teasers, then other videos; the requested language before English.
    public var videos: [Video]
    /// Titles people who liked this also liked.
    public var recommendations: [MediaSummary]
    /// Titles like this one.
    public var similar: [MediaSummary]
    /// Where to watch it in `region`, if anywhere is known.
    public var watchProviders: WatchProviders?

    /// Creates movie details; collections default to empty.
    public init(
        id: Int, imdbId: String? = nil, title: String, originalTitle: String, originalLanguage: String? = nil,
        releaseDate: String? = nil, year: Int? = nil, runtime: Int? = nil, status: String? = nil,
        genres: [Genre] = [], voteAverage: Double? = nil, voteCount: Int = 0, ratingSource: String,
        popularity: Double? = nil, overview: String? = nil, tagline: String? = nil, poster: ImageSet? = nil,
        backdrop: ImageSet? = nil, productionCountries: [String] = [], region: String, certification: String? = nil,
        cast: [CastCredit] = [], crew: [CrewCredit] = [], videos: [Video] = [],
        recommendations: [MediaSummary] = [], similar: [MediaSummary] = [], watchProviders: WatchProviders? = nil
    ) {
        self.id = id
        self.imdbId = imdbId
        self.title = title
        self.originalTitle = originalTitle
        self.originalLanguage = originalLanguage
        self.releaseDate = releaseDate
        self.year = year
        self.runtime = runtime
        self.status = status
        self.genres = genres
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.ratingSource = ratingSource
        self.popularity = popularity
        self.overview = overview
        self.tagline = tagline
        self.poster = poster
        self.backdrop = backdrop
        self.productionCountries = productionCountries
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
