/// A work of art in a search result or list: enough to draw a tile and link to its details.
public struct ArtworkSummary: Codable, Sendable, Equatable {
    /// Always `artwork`.
    public var mediaType: String
    /// The museum's object number (`SK-C-5`, `RP-T-1930-54(V)`).
    public var id: String
    /// The title, in English when the museum gives one.
    public var title: String
    /// Who made it, in one line ("Rembrandt van Rijn").
    public var maker: String?
    /// The date as the museum writes it ("c. 1642").
    public var date: String?
    /// A small image, about 400 pixels wide.
    public var thumbnailURL: String?
    /// A large image, about 1,600 pixels wide.
    public var imageURL: String?

    // Spelled as `WireJSON` converts them to and from snake_case (`image_url` reads back as `imageUrl`).
    private enum CodingKeys: String, CodingKey {
        case mediaType, id, title, maker, date
        case thumbnailURL = "thumbnailUrl"
        case imageURL = "imageUrl"
    }

    /// Creates a summary.
    public init(
        id: String, title: String, maker: String? = nil, date: String? = nil, thumbnailURL: String? = nil,
        imageURL: String? = nil
    ) {
        mediaType = "artwork"
        self.id = id
        self.title = title
        self.maker = maker
        self.date = date
        self.thumbnailURL = thumbnailURL
        self.imageURL = imageURL
    }
}
