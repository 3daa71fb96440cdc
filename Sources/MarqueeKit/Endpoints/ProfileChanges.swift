public import MarqueeWire

/// A change of the signed-in person's profile (`PATCH /api/v1/me`): each field is kept, cleared or set.
public struct ProfileChanges: Encodable, Sendable, Equatable {
    /// A name of 1 to 50 characters.
    public var displayName: FieldChange<String>
    /// An ISO 3166-1 region code, such as `GB`.
    public var region: FieldChange<String>
    /// A language such as `en` or `en-GB`.
    public var language: FieldChange<String>
    /// `celsius` or `fahrenheit`.
    public var temperatureUnit: FieldChange<String>
    /// What the app opens into; cleared, it goes back to `movies`.
    public var experience: FieldChange<Experience>

    /// Creates a change; fields not given are kept.
    public init(
        displayName: FieldChange<String> = .keep, region: FieldChange<String> = .keep,
        language: FieldChange<String> = .keep, temperatureUnit: FieldChange<String> = .keep,
        experience: FieldChange<Experience> = .keep
    ) {
        self.displayName = displayName
        self.region = region
        self.language = language
        self.temperatureUnit = temperatureUnit
        self.experience = experience
    }

    // Spelled as the wire encoder's snake_case conversion expects.
    private enum CodingKeys: String, CodingKey {
        case displayName, region, language, temperatureUnit, experience
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeChange(displayName, forKey: .displayName)
        try container.encodeChange(region, forKey: .region)
        try container.encodeChange(language, forKey: .language)
        try container.encodeChange(temperatureUnit, forKey: .temperatureUnit)
        try container.encodeChange(experience, forKey: .experience)
    }
}
