/// `GET /api/v1/me`, and the `user` of a new session: who is signed in.
public struct Account: Codable, Sendable, Equatable {
    /// What the person chose for themselves; nil where they chose nothing.
    public struct Profile: Codable, Sendable, Equatable {
        public var displayName: String?
        /// An ISO 3166-1 region code, such as `GB`.
        public var region: String?
        /// A BCP 47 language tag, such as `en-GB`.
        public var language: String?
        /// `celsius` or `fahrenheit`.
        public var temperatureUnit: String?
        /// `movies`, `weather`, `events` or `art` (see `Experience`); the API always says which, `movies` when the
        /// person chose none.
        public var experience: String?

        /// Creates a profile.
        public init(
            displayName: String? = nil, region: String? = nil, language: String? = nil, temperatureUnit: String? = nil,
            experience: String? = nil
        ) {
            self.displayName = displayName
            self.region = region
            self.language = language
            self.temperatureUnit = temperatureUnit
            self.experience = experience
        }

        // Profiles are also stored as JSON with these names; `preferredExperience` is how the experience was stored
        // (and named in the API) before it was `experience`, and is still read.
        private enum CodingKeys: String, CodingKey {
            case displayName, region, language, temperatureUnit, experience, preferredExperience
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
            region = try container.decodeIfPresent(String.self, forKey: .region)
            language = try container.decodeIfPresent(String.self, forKey: .language)
            temperatureUnit = try container.decodeIfPresent(String.self, forKey: .temperatureUnit)
            experience =
                try container.decodeIfPresent(String.self, forKey: .experience)
                ?? container.decodeIfPresent(String.self, forKey: .preferredExperience)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(displayName, forKey: .displayName)
            try container.encodeIfPresent(region, forKey: .region)
            try container.encodeIfPresent(language, forKey: .language)
            try container.encodeIfPresent(temperatureUnit, forKey: .temperatureUnit)
            try container.encodeIfPresent(experience, forKey: .experience)
        }
    }

    /// The account's id.
    public var id: String
    /// A short form of the id, for people to read out.
    public var shortId: String
    /// `guest`, `email` or `google`.
    public var accountType: String
    /// How the person signs in, for people: "Google", "Email (a@b.com)" or "Guest".
    public var signInMethod: String
    public var email: String?
    public var emailVerified: Bool
    /// When the account was made (RFC 3339).
    public var createdAt: String
    public var profile: Profile
    /// Only for cookie (web) sessions: the token to send in `X-CSRF-Token`.
    public var csrfToken: String?

    /// Creates an account's description.
    public init(
        id: String, shortId: String, accountType: String, signInMethod: String, email: String?, emailVerified: Bool,
        createdAt: String, profile: Profile, csrfToken: String? = nil
    ) {
        self.id = id
        self.shortId = shortId
        self.accountType = accountType
        self.signInMethod = signInMethod
        self.email = email
        self.emailVerified = emailVerified
        self.createdAt = createdAt
        self.profile = profile
        self.csrfToken = csrfToken
    }
}
