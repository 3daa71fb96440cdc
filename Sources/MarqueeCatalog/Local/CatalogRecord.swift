import MarqueeCore
public import MarqueeWire

/// One line of the catalog format (docs/catalog-format.md): a title or a person.
public enum CatalogRecord: Sendable, Equatable {
    case title(TitleRecord)
    case person(PersonRecord)
}

/// A movie or TV show as the catalog format describes it.
public struct TitleRecord: Sendable, Equatable {
    /// `movie` or `tv`.
    public var kind: MediaKind
    public var tmdbId: Int?
    public var imdbId: String?
    public var title: String
    public var originalTitle: String?
    public var originalLanguage: String?
    /// Release date (movie) or first air date (TV).
    public var date: CatalogDate
    public var lastAirDate: CatalogDate?
    /// Movie runtime or TV episode runtime, minutes.
    public var runtime: Int?
    public var status: String?
    public var seasons: Int?
    public var episodes: Int?
    public var networks: [String]
    public var genres: [String]
    public var countries: [String]
    public var certification: [String: String]
    public var directors: [String]
    public var writers: [String]
    public var creators: [String]
    public var cast: [CastLine]
    public var overview: String?
    public var tagline: String?
    public var score: Double?
}

/// A cast entry of a title record.
public struct CastLine: Sendable, Equatable, Codable {
    public var name: String
    public var character: String?

    /// Creates a cast entry.
    public init(name: String, character: String? = nil) {
        self.name = name
        self.character = character
    }
}

/// A person as the catalog format describes them.
public struct PersonRecord: Sendable, Equatable {
    public var name: String
    public var tmdbId: Int?
    public var imdbId: String?
    public var knownForDepartment: String?
    public var birthday: CatalogDate?
    public var deathday: CatalogDate?
    public var placeOfBirth: String?
}

/// A date known to the day (`YYYY-MM-DD`) or only to the year (`YYYY`).
public struct CatalogDate: Sendable, Hashable, Comparable {
    /// The year.
    public let year: Int
    /// The RFC 3339 full-date, when known to the day.
    public let fullDate: String?

    /// Parses `YYYY-MM-DD` or `YYYY`; nil for anything else.
    public init?(_ text: String) {
        guard text.allSatisfy({ $0 == "-" || ("0"..."9").contains($0) }) else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.first?.count == 4, let year = Int(parts[0]), (1850...2100).contains(year) else { return nil }
        switch parts.count {
        case 1:
            self.year = year
            self.fullDate = nil
        case 3:
            guard parts[1].count == 2, parts[2].count == 2, let month = Int(parts[1]), let day = Int(parts[2]),
                (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day)
            else { return nil }
            self.year = year
            self.fullDate = text
        default:
            return nil
        }
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Sort key: full dates by day, year-only dates at the start of their year.
    public var sortKey: String { fullDate ?? "\(year)-00-00" }

    public static func < (lhs: CatalogDate, rhs: CatalogDate) -> Bool { lhs.sortKey < rhs.sortKey }
}
