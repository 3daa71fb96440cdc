/// Absolute URLs of one image in the sizes a client typically needs.
public struct ImageSet: Codable, Sendable, Hashable {
    /// For lists and thumbnails (about 185 px wide, 300 for backdrops).
    public var small: String
    /// For detail pages (about 342–500 px wide, 780 for backdrops).
    public var medium: String
    /// For large screens (about 780 px wide, 1280 for backdrops).
    public var large: String
    /// The original upload.
    public var original: String

    /// Creates an image set from its four URLs.
    public init(small: String, medium: String, large: String, original: String) {
        self.small = small
        self.medium = medium
        self.large = large
        self.original = original
    }
}
