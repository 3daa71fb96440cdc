import MarqueeCore
import MarqueeWire

extension LocalCatalogProvider {
    func movieDetails(_ index: Int, locale: LocaleOptions) -> MovieDetails {
        let title = catalog.titles[index]
        let record = title.record
        return MovieDetails(
            id: title.id, imdbId: record.imdbId, title: record.title,
            originalTitle: record.originalTitle ?? record.title, originalLanguage: record.originalLanguage,
            releaseDate: record.date.fullDate, year: record.date.year, runtime: record.runtime, status: "Released",
            genres: genres(of: title), voteAverage: record.score, voteCount: 0, ratingSource: "editors",
            popularity: title.popularity, overview: record.overview, tagline: record.tagline,
            poster: images.imageSet(kind: .movie, id: title.id, variant: .poster),
            backdrop: images.imageSet(kind: .movie, id: title.id, variant: .backdrop),
            productionCountries: record.countries, region: locale.region,
            certification: record.certification[locale.region], cast: cast(of: title), crew: crew(of: title),
            recommendations: recommendations(for: index), similar: similar(to: index))
    }

    func tvDetails(_ index: Int, locale: LocaleOptions) -> TVDetails {
        let title = catalog.titles[index]
        let record = title.record
        return TVDetails(
            id: title.id, imdbId: record.imdbId, title: record.title,
            originalTitle: record.originalTitle ?? record.title, originalLanguage: record.originalLanguage,
            firstAirDate: record.date.fullDate, lastAirDate: record.lastAirDate?.fullDate, year: record.date.year,
            status: record.status, inProduction: record.status.map { _ in title.isRunning },
            episodeRuntime: record.runtime, numberOfSeasons: record.seasons, numberOfEpisodes: record.episodes,
            networks: record.networks, genres: genres(of: title), voteAverage: record.score, voteCount: 0,
            ratingSource: "editors", popularity: title.popularity, overview: record.overview,
            tagline: record.tagline, poster: images.imageSet(kind: .tv, id: title.id, variant: .poster),
            backdrop: images.imageSet(kind: .tv, id: title.id, variant: .backdrop),
            originCountries: record.countries, region: locale.region,
            certification: record.certification[locale.region], cast: cast(of: title), crew: crew(of: title),
            recommendations: recommendations(for: index), similar: similar(to: index))
    }

    func personDetails(_ person: LocalCatalog.Person) -> PersonDetails {
        func ordered(_ credits: [(title: Int, role: String?)], isCast: Bool) -> [PersonCredit] {
            credits.sorted { lhs, rhs in
                let left = catalog.titles[lhs.title]
                let right = catalog.titles[rhs.title]
                return left.record.date != right.record.date
                    ? left.record.date > right.record.date : left.popularity > right.popularity
            }
            .map { credit in
                PersonCredit(
                    item: summary(catalog.titles[credit.title]), character: isCast ? credit.role : nil,
                    job: isCast ? nil : credit.role)
            }
        }
        let record = person.record
        return PersonDetails(
            id: person.id, imdbId: record.imdbId, name: record.name, knownForDepartment: record.knownForDepartment,
            birthday: record.birthday?.fullDate, deathday: record.deathday?.fullDate,
            placeOfBirth: record.placeOfBirth,
            profile: images.imageSet(kind: .person, id: person.id, variant: .profile),
            popularity: person.popularity,
            combinedCredits: CombinedCredits(
                cast: ordered(person.castCredits.map { ($0.title, $0.character) }, isCast: true),
                crew: ordered(person.crewCredits.map { ($0.title, $0.job) }, isCast: false)))
    }

    private func genres(of title: LocalCatalog.Title) -> [Genre] {
        let table = GenreTable.genres(for: title.kind)
        return title.genreIDs.compactMap { id in table.first { $0.id == id } }
    }

    private func cast(of title: LocalCatalog.Title) -> [CastCredit] {
        title.cast.enumerated().map { order, credit in
            let person = catalog.people[credit.person]
            return CastCredit(
                id: person.id, name: person.record.name, character: credit.character, order: order,
                profile: images.imageSet(kind: .person, id: person.id, variant: .profile))
        }
    }

    private func crew(of title: LocalCatalog.Title) -> [CrewCredit] {
        title.crew.map { credit in
            let person = catalog.people[credit.person]
            return CrewCredit(
                id: person.id, name: person.record.name, job: credit.job, department: credit.department,
                profile: images.imageSet(kind: .person, id: person.id, variant: .profile))
        }
    }

    /// Titles of the same kind sharing people and genres with this one, best connected first.
    private func recommendations(for index: Int) -> [MediaSummary] {
        let title = catalog.titles[index]
        let people = Set(title.cast.map(\.person) + title.crew.map(\.person))
        var affinity: [Int: Double] = [:]
        for person in people {
            let credits =
                catalog.people[person].castCredits.map(\.title) + catalog.people[person].crewCredits.map(\.title)
            for other in Set(credits) where other != index && catalog.titles[other].kind == title.kind {
                affinity[other, default: 0] += 3
            }
        }
        for (other, _) in affinity {
            affinity[other]! += Double(Set(catalog.titles[other].genreIDs).intersection(title.genreIDs).count)
        }
        return top(affinity, count: 10)
    }

    /// Titles of the same kind and main genre, closest in time and best scored first.
    private func similar(to index: Int) -> [MediaSummary] {
        let title = catalog.titles[index]
        guard let mainGenre = title.genreIDs.first else { return [] }
        var closeness: [Int: Double] = [:]
        for (other, candidate) in catalog.titles.enumerated()
        where other != index && candidate.kind == title.kind && candidate.genreIDs.contains(mainGenre) {
            let shared = Double(Set(candidate.genreIDs).intersection(title.genreIDs).count)
            let years = Double(abs(candidate.record.date.year - title.record.date.year))
            closeness[other] = shared * 2 - years / 5 + (candidate.record.score ?? 5) / 5
        }
        return top(closeness, count: 10)
    }

    private func top(_ scores: [Int: Double], count: Int) -> [MediaSummary] {
        scores.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(count)
            .map { summary(catalog.titles[$0.key]) }
    }
}
