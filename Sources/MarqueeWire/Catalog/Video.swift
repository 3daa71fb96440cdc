/// A trailer, teaser or clip.
public struct Video: Codable, Sendable, Hashable {
    /// The video's name.
    public var name: String
    /// The site's key, e.g. the YouTube video id.
    public var key: String
    /// The hosting site, e.g. `YouTube`.
    public var site: String
    /// `Trailer`, `Teaser`, `Clip`, `Featurette`, …
    public var type: String
    /// ISO 639-1 language of the video.
    public var language: String?
    /// Whether the studio published it.
    public var official: Bool
    /// A link to watch it, when the site is known.
    public var url: String?

    /// Creates a video.
    public init(
        name: String, key: String, site: String, type: String, language: String?, official: Bool, url: String?
    ) {
        self.name = name
        self.key = key
        self.site = site
        self.type = type
        self.language = language
        self.official = official
        self.url = url
    }
}
