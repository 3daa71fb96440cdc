/// Everything the page of a work of art shows, in one response.
public struct ArtworkDetails: Codable, Sendable, Equatable {
    /// Always `artwork`.
    public var mediaType: String
    /// The museum's object number (`SK-C-5`).
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
    /// Each maker, principal first.
    public var makers: [String]
    /// When it was made.
    public var dating: Dating
    /// Where it was made ("Amsterdam").
    public var place: String?
    /// What kind of object it is ("painting").
    public var objectType: String?
    /// What it is made of ("canvas", "oil paint").
    public var materials: [String]
    /// Its measurements, each as written ("h 379.5cm × w 453.5cm").
    public var dimensions: [String]
    /// A short English description, when there is one.
    public var description: String?
    /// The work's page on the museum's website.
    public var webURL: String
    /// How the work came to the museum ("On loan from the City of Amsterdam").
    public var creditLine: String?
    /// Where the facts come from: `rijksmuseum` (live) or `embedded` (the sample shipped with Marquee).
    public var source: String

    /// When a work was made: the text as written, and the years it spans.
    public struct Dating: Codable, Sendable, Equatable {
        /// As the museum writes it ("c. 1628 - c. 1629").
        public var text: String?
        /// The first year it may have been made in.
        public var beginYear: Int?
        /// The last year it may have been made in.
        public var endYear: Int?

        /// Creates a dating.
        public init(text: String? = nil, beginYear: Int? = nil, endYear: Int? = nil) {
            self.text = text
            self.beginYear = beginYear
            self.endYear = endYear
        }
    }

    // Spelled as `WireJSON` converts them to and from snake_case (`web_url` reads back as `webUrl`).
    private enum CodingKeys: String, CodingKey {
        case mediaType, id, title, maker, date
        case thumbnailURL = "thumbnailUrl"
        case imageURL = "imageUrl"
        case makers, dating, place, objectType, materials, dimensions, description
        case webURL = "webUrl"
        case creditLine, source
    }

    /// Creates details; `maker` and `date` default to the makers joined and the dating's text.
    public init(
        id: String, title: String, maker: String? = nil, date: String? = nil, thumbnailURL: String? = nil,
        imageURL: String? = nil, makers: [String] = [], dating: Dating = Dating(), place: String? = nil,
        objectType: String? = nil, materials: [String] = [], dimensions: [String] = [], description: String? = nil,
        webURL: String, creditLine: String? = nil, source: String
    ) {
        mediaType = "artwork"
        self.id = id
        self.title = title
        self.maker = maker ?? (makers.isEmpty ? nil : makers.joined(separator: ", "))
        self.date = date ?? dating.text
        self.thumbnailURL = thumbnailURL
        self.imageURL = imageURL
        self.makers = makers
        self.dating = dating
        self.place = place
        self.objectType = objectType
        self.materials = materials
        self.dimensions = dimensions
        self.description = description
        self.webURL = webURL
        self.creditLine = creditLine
        self.source = source
    }

    /// The work as a search result shows it.
    public var summary: ArtworkSummary {
        ArtworkSummary(
            id: id, title: title, maker: maker, date: date, thumbnailURL: thumbnailURL, imageURL: imageURL)
    }
}
