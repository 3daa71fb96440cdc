/// One item in a list, search result or recommendation row: enough to draw a card and link to its details.
public struct MediaSummary: Codable, Sendable, Hashable {
    /// `movie`, `tv` or `person`; with `id` it identifies the item.
    public var mediaType: MediaKind
    /// The item's id within its media type.
    public var id: Int
    /// The movie's title, the show's name, or the person's name.
    public var title: String
    /// The title in its original language, when it differs.
    public var originalTitle: String?
    /// ISO 639-1 code of the original language.
    public var originalLanguage: String?
    /// A short description; may be empty.
    public var overview: String?
    /// Release date (movies) or first air date (TV) as an RFC 3339 full-date, when known to the day.
    public var date: String?
    /// The year of `date`, also set when only the year is known.
    public var year: Int?
    /// TMDB genre ids.
    public var genreIds: [Int]
    /// Poster of a movie or show.
    public var poster: ImageSet?
    /// Wide backdrop of a movie or show.
    public var backdrop: ImageSet?
    /// Portrait of a person.
    public var profile: ImageSet?
    /// Average rating, 0–10.
    public var voteAverage: Double?
    /// How many votes the average is made of (0 for editors' scores).
    public var voteCount: Int?
    /// The source's popularity figure; higher is more popular.
    public var popularity: Double?
    /// For people: the department they are best known for.
    public var knownForDepartment: String?
    /// For people: titles they are known for.
    public var knownFor: [String]?

    /// Creates a summary; optional fields default to empty.
    public init(
        mediaType: MediaKind, id: Int, title: String, originalTitle: String? = nil,
        originalLanguage: String? = nil, overview: String? = nil, date: String? = nil, year: Int? = nil,
        genreIds: [Int] = [], poster: ImageSet? = nil, backdrop: ImageSet? = nil, profile: ImageSet? = nil,
        voteAverage: Double? = nil, voteCount: Int? = nil, popularity: Double? = nil,
        knownForDepartment: String? = nil, knownFor: [String]? = nil
    ) {
        self.mediaType = mediaType
        self.id = id
        self.title = title
        self.originalTitle = originalTitle
        self.originalLanguage = originalLanguage
        self.overview = overview
        self.date = date
        self.year = year
        self.genreIds = genreIds
        self.poster = poster
        self.backdrop = backdrop
        self.profile = profile
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.popularity = popularity
        self.knownForDepartment = knownForDepartment
        self.knownFor = knownFor
    }
}
