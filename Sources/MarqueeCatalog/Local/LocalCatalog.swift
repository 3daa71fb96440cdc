import MarqueeCore
import MarqueeWire

/// The local catalog, indexed in memory: titles and people with ids, credits, popularity figures and search.
///
/// Built once at start from the embedded catalog plus imported records, then read-only, so it is safely shared
/// between requests without locks.
package struct LocalCatalog: Sendable {
    /// A title with everything derived from its record.
    struct Title: Sendable {
        let id: Int
        let record: TitleRecord
        let genreIDs: [Int]
        /// Person index, character or job, billing order.
        var cast: [(person: Int, character: String?)] = []
        var crew: [(person: Int, job: String, department: String)] = []
        var popularity: Double = 0
        var kind: MediaKind { record.kind }
    }

    /// A person with their credits.
    struct Person: Sendable {
        let id: Int
        var record: PersonRecord
        var castCredits: [(title: Int, character: String?)] = []
        var crewCredits: [(title: Int, job: String)] = []
        var popularity: Double = 0
    }

    private(set) var titles: [Title] = []
    private(set) var people: [Person] = []
    private var titleByKey: [MediaKey: Int] = [:]
    private var personByID: [Int: Int] = [:]
    private var titleByIMDbID: [String: Int] = [:]
    let titleSearch: TextSearchIndex
    let personSearch: TextSearchIndex

    /// How many movies, shows and people the catalog holds.
    package var counts: (movies: Int, shows: Int, people: Int) {
        let movies = titles.count { $0.kind == .movie }
        return (movies, titles.count - movies, people.count)
    }

    /// Builds the catalog. Later records win over earlier ones describing the same title (imports override the
    /// embedded catalog); for people, the first value of each field wins.
    package init(records: [CatalogRecord]) {
        var titleRecords: [TitleRecord] = []
        var titleSlot: [String: Int] = [:]
        var personRecords: [String: PersonRecord] = [:]
        var personOrder: [String] = []
        for record in records {
            switch record {
            case .title(let title):
                let key =
                    title.tmdbId.map { "\(title.kind.rawValue)#\($0)" }
                    ?? "\(title.kind.rawValue)|\(TextSearchIndex.normalize(title.title))|\(title.date.year)"
                if let slot = titleSlot[key] {
                    titleRecords[slot] = title
                } else {
                    titleSlot[key] = titleRecords.count
                    titleRecords.append(title)
                }
            case .person(let person):
                if let existing = personRecords[person.name] {
                    personRecords[person.name] = existing.filling(from: person)
                } else {
                    personRecords[person.name] = person
                    personOrder.append(person.name)
                }
            }
        }
        var builder = Builder()
        for record in titleRecords { builder.addTitle(record) }
        for name in personOrder { builder.person(named: name, record: personRecords[name]) }
        for index in builder.titles.indices { builder.link(title: index, personRecords: personRecords) }
        builder.computePopularity()

        titles = builder.titles
        people = builder.people
        titleByKey = Dictionary(uniqueKeysWithValues: titles.enumerated().map { (MediaKey($1.kind, $1.id), $0) })
        personByID = Dictionary(uniqueKeysWithValues: people.enumerated().map { ($1.id, $0) })
        titleByIMDbID = Dictionary(
            titles.enumerated().compactMap { index, title in title.record.imdbId.map { ($0, index) } },
            uniquingKeysWith: { first, _ in first })
        titleSearch = TextSearchIndex(names: titles.map(\.record.title))
        personSearch = TextSearchIndex(names: people.map(\.record.name))
    }

    func title(_ kind: MediaKind, id: Int) -> Title? {
        titleByKey[MediaKey(kind, id)].map { titles[$0] }
    }

    func titleIndex(_ kind: MediaKind, id: Int) -> Int? { titleByKey[MediaKey(kind, id)] }

    func person(id: Int) -> Person? { personByID[id].map { people[$0] } }

    func title(imdbID: String) -> Title? { titleByIMDbID[imdbID].map { titles[$0] } }
}

/// A (kind, id) pair: the identity of a catalog item.
struct MediaKey: Hashable, Sendable {
    let kind: MediaKind
    let id: Int
    init(_ kind: MediaKind, _ id: Int) {
        self.kind = kind
        self.id = id
    }
}

extension PersonRecord {
    func filling(from other: PersonRecord) -> PersonRecord {
        PersonRecord(
            name: name, tmdbId: tmdbId ?? other.tmdbId, imdbId: imdbId ?? other.imdbId,
            knownForDepartment: knownForDepartment ?? other.knownForDepartment,
            birthday: birthday ?? other.birthday, deathday: deathday ?? other.deathday,
            placeOfBirth: placeOfBirth ?? other.placeOfBirth)
    }
}
