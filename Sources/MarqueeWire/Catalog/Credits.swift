/// A cast member of a movie or show.
public struct CastCredit: Codable, Sendable, Hashable {
    /// The person's id.
    public var id: Int
    /// The person's name.
    public var name: String
    /// The character played, as credited.
    public var character: String?
    /// Billing order, 0 first.
    public var order: Int
    /// The person's portrait.
    public var profile: ImageSet?

    /// Creates a cast credit.
    public init(id: Int, name: String, character: String?, order: Int, profile: ImageSet?) {
        self.id = id
        self.name = name
        self.character = character
        self.order = order
        self.profile = profile
    }
}

/// A key crew member: a director, creator or writer.
public struct CrewCredit: Codable, Sendable, Hashable {
    /// The person's id.
    public var id: Int
    /// The person's name.
    public var name: String
    /// The job, e.g. `Director`, `Creator`, `Screenplay`.
    public var job: String
    /// The department, e.g. `Directing`, `Writing`.
    public var department: String
    /// The person's portrait.
    public var profile: ImageSet?

    /// Creates a crew credit.
    public init(id: Int, name: String, job: String, department: String, profile: ImageSet?) {
        self.id = id
        self.name = name
        self.job = job
        self.department = department
        self.profile = profile
    }
}

/// A title in a person's combined credits.
public struct PersonCredit: Codable, Sendable, Hashable {
    /// The title.
    public var item: MediaSummary
    /// The character played (cast credits).
    public var character: String?
    /// The job done (crew credits).
    public var job: String?

    /// Creates a person credit.
    public init(item: MediaSummary, character: String? = nil, job: String? = nil) {
        self.item = item
        self.character = character
        self.job = job
    }
}

/// A person's cast and crew credits, newest first, then most popular.
public struct CombinedCredits: Codable, Sendable, Hashable {
    /// Roles played.
    public var cast: [PersonCredit]
    /// Jobs done behind the camera.
    public var crew: [PersonCredit]

    /// Creates combined credits.
    public init(cast: [PersonCredit], crew: [PersonCredit]) {
        self.cast = cast
        self.crew = crew
    }
}
