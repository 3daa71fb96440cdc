import MarqueeCore
package import MarqueeWire

/// One line of the catalog format (docs/catalog-format.md): a title or a person.
package enum CatalogRecord: Sendable, Equatable {
    case title(TitleRecord)
    case person(PersonRecord)
}

/// A movie or TV show as the catalog format describes it.
package struct TitleRecord: Sendable, Equatable {
    /// `movie` or `tv`.
    package var kind: MediaKind
    package var tmdbId: Int?
    package var imdbId: String?
    package var title: String
    package var originalTitle: String?
    package var originalLanguage: String?
    /// Release date (movie) or first air date (TV).
    package var date: CatalogDate
    package var lastAirDate: CatalogDate?
    /// Movie runtime or TV episode runtime, minutes.
    package var runtime: Int?
    package var status: String?
    package var seasons: Int?
    package var episodes: Int?
    package var networks: [String]
    package var genres: [String]
    package var countries: [String]
    package var certification: [String: String]
    package var directors: [String]
    package var writers: [String]
    package var creators: [String]
    package var cast: [CastLine]
    package var overview: String?
    package var tagline: String?
    package var score: Double?
}

/// A cast entry of a title record.
package struct CastLine: Sendable, Equatable, Codable {
    package var name: String
    package var character: String?

    /// Creates a cast entry.
    package init(name: String, character: String? = nil) {
        self.name = name
        self.character = character
    }
}

/// A person as the catalog format describes them.
package struct PersonRecord: Sendable, Equatable {
    package var name: String
    package var tmdbId: Int?
    package var imdbId: String?
    package var knownForDepartment: String?
    package var birthday: CatalogDate?
    package var deathday: CatalogDate?
    package var placeOfBirth: String?
}

/// A date known to the day (`YYYY-MM-DD`) or only to the year (`YYYY`).
package struct CatalogDate: Sendable, Hashable, Comparable {
    /// The year.
    package let year: Int
    /// The RFC 3339 full-date, when known to the day.
    package let fullDate: String?

    /// Parses `YYYY-MM-DD` or `YYYY`; nil for anything else.
    package init?(_ text: String) {
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
    package var sortKey: String { fullDate ?? "\(year)-00-00" }

    package static func < (lhs: CatalogDate, rhs: CatalogDate) -> Bool { lhs.sortKey < rhs.sortKey }
}
