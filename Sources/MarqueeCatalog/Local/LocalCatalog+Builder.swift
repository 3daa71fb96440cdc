import MarqueeCore
import MarqueeWire

extension LocalCatalog {
    /// Assigns ids and links credits while the catalog is being built.
    struct Builder {
        var titles: [Title] = []
        var people: [Person] = []
        private var personByName: [String: Int] = [:]
        private var takenTitleIDs: [MediaKind: Set<Int>] = [:]
        private var takenPersonIDs: Set<Int> = []

        mutating func addTitle(_ record: TitleRecord) {
            let id: Int
            if let tmdbID = record.tmdbId, !takenTitleIDs[record.kind, default: []].contains(tmdbID) {
                id = tmdbID
            } else {
                id = LocalID.make(
                    for: "\(record.kind.rawValue)|\(TextSearchIndex.normalize(record.title))|\(record.date.year)",
                    avoiding: takenTitleIDs[record.kind, default: []])
            }
            takenTitleIDs[record.kind, default: []].insert(id)
            let genreIDs = record.genres.compactMap { name in
                GenreTable.genres(for: record.kind).first { $0.name == name }?.id
            }
            titles.append(Title(id: id, record: record, genreIDs: genreIDs))
        }

        /// The index of the person with this name, creating them on first mention.
        @discardableResult
        mutating func person(named name: String, record: PersonRecord?) -> Int {
            if let index = personByName[name] { return index }
            let record = record ?? PersonRecord(name: name)
            let id: Int
            if let tmdbID = record.tmdbId, !takenPersonIDs.contains(tmdbID) {
                id = tmdbID
            } else {
                id = LocalID.make(for: "person|\(name)", avoiding: takenPersonIDs)
            }
            takenPersonIDs.insert(id)
            personByName[name] = people.count
            people.append(Person(id: id, record: record))
            return people.count - 1
        }

        mutating func link(title index: Int, personRecords: [String: PersonRecord]) {
            let record = titles[index].record
            for line in record.cast {
                let person = person(named: line.name, record: personRecords[line.name])
                titles[index].cast.append((person, line.character))
                people[person].castCredits.append((index, line.character))
            }
            let crew: [(names: [String], job: String, department: String)] = [
                (record.creators, "Creator", "Writing"),
                (record.directors, "Director", "Directing"),
                (record.writers, "Screenplay", "Writing"),
            ]
            for group in crew {
                for name in group.names {
                    let person = person(named: name, record: personRecords[name])
                    titles[index].crew.append((person, group.job, group.department))
                    people[person].crewCredits.append((index, group.job))
                }
            }
        }

        /// Popularity of a title: how connected its cast and crew are across the catalog (people who appear in
        /// several titles draw audiences), plus the editors' score. People: their number of credits plus the
        /// mean score of their titles.
        mutating func computePopularity() {
            let appearances = people.map { Set($0.castCredits.map(\.title) + $0.crewCredits.map(\.title)).count }
            for index in titles.indices {
                let personIndices = Set(titles[index].cast.map(\.person) + titles[index].crew.map(\.person))
                let connections = personIndices.reduce(0) { $0 + appearances[$1] - 1 }
                titles[index].popularity = Double(connections) + (titles[index].record.score ?? 5)
            }
            for index in people.indices {
                let titleIndices = Set(people[index].castCredits.map(\.title) + people[index].crewCredits.map(\.title))
                let scores = titleIndices.map { titles[$0].record.score ?? 5 }
                let mean = scores.isEmpty ? 0 : scores.reduce(0, +) / Double(scores.count)
                people[index].popularity = Double(titleIndices.count) + mean
            }
        }
    }
}

extension PersonRecord {
    init(name: String) {
        self.init(
            name: name, tmdbId: nil, imdbId: nil, knownForDepartment: nil, birthday: nil, deathday: nil,
            placeOfBirth: nil)
    }
}
