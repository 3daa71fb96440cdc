/// Everything a person's page shows, in one response.
public struct PersonDetails: Codable, Sendable, Hashable {
    /// Always `person`.
    public var mediaType: MediaKind = .person
    /// TMDB id (or a local id ≥ 1,000,000,000).
    public var id: Int
    /// IMDb id, `nm…`.
    public var imdbId: String?
    /// The person's name.
    public var name: String
    /// `Acting`, `Directing`, `Writing`, …
    public var knownForDepartment: String?
    /// RFC 3339 full-date.
    public var birthday: String?
    /// RFC 3339 full-date.
    public var deathday: String?
    /// Where they were born.
    public var placeOfBirth: String?
    /// A short biography, when the source has one.
    public var biography: String?
    /// Portrait images.
    public var profile: ImageSet?
    /// Popularity figure of the source.
    public var popularity: Double?
    /// Their movie and TV credits.
    public var combinedCredits: CombinedCredits

    /// Creates person details.
    public init(
        id: Int, imdbId: String? = nil, name: String, knownForDepartment: String? = nil, birthday: String? = nil,
        deathday: String? = nil, placeOfBirth: String? = nil, biography: String? = nil, profile: ImageSet? = nil,
        popularity: Double? = nil, combinedCredits: CombinedCredits
    ) {
        self.id = id
        self.imdbId = imdbId
        self.name = name
        self.knownForDepartment = knownForDepartment
        self.birthday = birthday
        self.deathday = deathday
        self.placeOfBirth = placeOfBirth
        self.biography = biography
        self.profile = profile
        self.popularity = popularity
        self.combinedCredits = combinedCredits
    }
}
