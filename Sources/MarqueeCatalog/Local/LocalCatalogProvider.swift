package import Foundation
package import MarqueeCore
package import MarqueeWire

/// Serves the local catalog (embedded demo titles plus imports) with honest list meanings:
/// - popular: by the catalog's popularity figure (see `LocalCatalog.Builder.computePopularity`);
/// - top rated: by the editors' score;
/// - upcoming: the 20 most recent release dates; now playing: the 40 before those;
/// - trending: popular titles reshuffled each day (or ISO week) with a stable seed;
/// - TV airing today: running shows reshuffled each day; on the air: running shows by latest air date.
package struct LocalCatalogProvider: CatalogProvider {
    let catalog: LocalCatalog
    let images: PlaceholderImages
    private let now: @Sendable () -> Date
    private let byPopularity: [MediaKind: [Int]]
    private let byScore: [MediaKind: [Int]]
    private let byNewest: [MediaKind: [Int]]
    private let peopleByPopularity: [Int]

    package var source: CatalogSource { .local }

    /// Creates a provider; `now` seeds the trending rotation.
    package init(catalog: LocalCatalog, images: PlaceholderImages, now: @escaping @Sendable () -> Date = { Date() }) {
        self.catalog = catalog
        self.images = images
        self.now = now
        var popularity: [MediaKind: [Int]] = [:]
        var score: [MediaKind: [Int]] = [:]
        var newest: [MediaKind: [Int]] = [:]
        for kind in [MediaKind.movie, .tv] {
            let indices = catalog.titles.indices.filter { catalog.titles[$0].kind == kind }
            popularity[kind] = indices.sorted { catalog.titles[$0].popularity > catalog.titles[$1].popularity }
            score[kind] = indices.sorted {
                (catalog.titles[$0].record.score ?? 0) > (catalog.titles[$1].record.score ?? 0)
            }
            newest[kind] = indices.sorted { catalog.titles[$0].newestDate > catalog.titles[$1].newestDate }
        }
        byPopularity = popularity
        byScore = score
        byNewest = newest
        peopleByPopularity = catalog.people.indices.sorted {
            catalog.people[$0].popularity > catalog.people[$1].popularity
        }
    }

    package func list(_ list: CatalogList, window: TrendingWindow, page: Int, locale: LocaleOptions) async throws
        -> Page<MediaSummary>
    {
        let indices: [Int]
        switch list {
        case .movies(.popular): indices = byPopularity[.movie]!
        case .movies(.topRated): indices = byScore[.movie]!
        case .movies(.upcoming): indices = Array(byNewest[.movie]!.prefix(20))
        case .movies(.nowPlaying): indices = Array(byNewest[.movie]!.dropFirst(20).prefix(40))
        case .movies(.trending): indices = rotated(byPopularity[.movie]!, window: window)
        case .tv(.popular): indices = byPopularity[.tv]!
        case .tv(.topRated): indices = byScore[.tv]!
        case .tv(.trending): indices = rotated(byPopularity[.tv]!, window: window)
        case .tv(.onTheAir): indices = byNewest[.tv]!.filter { catalog.titles[$0].isRunning }
        case .tv(.airingToday): indices = rotated(byNewest[.tv]!.filter { catalog.titles[$0].isRunning }, window: .day)
        case .popularPeople:
            return makePage(peopleByPopularity, page: page) { personSummary(catalog.people[$0]) }
        }
        return makePage(indices, page: page) { summary(catalog.titles[$0]) }
    }

    package func movie(id: Int, locale: LocaleOptions) async throws -> MovieDetails {
        guard let index = catalog.titleIndex(.movie, id: id) else { throw notFound("movie", id) }
        return movieDetails(index, locale: locale)
    }

    package func tv(id: Int, locale: LocaleOptions) async throws -> TVDetails {
        guard let index = catalog.titleIndex(.tv, id: id) else { throw notFound("TV show", id) }
        return tvDetails(index, locale: locale)
    }

    package func person(id: Int, locale: LocaleOptions) async throws -> PersonDetails {
        guard let person = catalog.person(id: id) else { throw notFound("person", id) }
        return personDetails(person)
    }

    package func title(imdbID: String, locale: LocaleOptions) async throws -> MediaSummary? {
        catalog.title(imdbID: imdbID).map(summary)
    }

    package func search(_ query: SearchQuery, locale: LocaleOptions) async throws -> Page<MediaSummary> {
        var hits: [(rank: TextSearchIndex.Rank, popularity: Double, summary: () -> MediaSummary)] = []
        if query.scope != .person {
            for (doc, rank) in catalog.titleSearch.search(query.text) {
                let title = catalog.titles[doc]
                if query.scope == .movie, title.kind != .movie { continue }
                if query.scope == .tv, title.kind != .tv { continue }
                if let year = query.year, title.record.date.year != year { continue }
                hits.append((rank, title.popularity, { summary(title) }))
            }
        }
        if query.scope == .multi || query.scope == .person, query.year == nil {
            for (doc, rank) in catalog.personSearch.search(query.text) {
                let person = catalog.people[doc]
                hits.append((rank, person.popularity, { personSummary(person) }))
            }
        }
        hits.sort { $0.rank != $1.rank ? $0.rank < $1.rank : $0.popularity > $1.popularity }
        return makePage(hits, page: query.page) { $0.summary() }
    }

    package func genres(kind: MediaKind, locale: LocaleOptions) async throws -> [Genre] {
        GenreTable.genres(for: kind).sorted { $0.name < $1.name }
    }

    package func discover(_ query: DiscoverQuery, locale: LocaleOptions) async throws -> Page<MediaSummary> {
        let ordered: [Int] =
            switch query.sort {
            case .popularity: byPopularity[query.kind] ?? []
            case .rating: byScore[query.kind] ?? []
            case .date: byNewest[query.kind] ?? []
            }
        let matching =
            query.genre.map { genre in ordered.filter { catalog.titles[$0].genreIDs.contains(genre) } } ?? ordered
        return makePage(matching, page: query.page) { summary(catalog.titles[$0]) }
    }

    /// The SVG placeholder for an item of the catalog, or nil when there is no such item.
    package func placeholder(kind: MediaKind, id: Int, variant: PlaceholderImages.Variant) -> String? {
        if kind == .person {
            guard let person = catalog.person(id: id) else { return nil }
            return PlaceholderArt.svg(
                title: person.record.name, subtitle: person.record.knownForDepartment, id: id, variant: variant)
        }
        guard let title = catalog.title(kind, id: id) else { return nil }
        return PlaceholderArt.svg(
            title: title.record.title, subtitle: String(title.record.date.year), id: id, variant: variant)
    }

    // MARK: - Helpers

    private func notFound(_ what: String, _ id: Int) -> DomainError {
        DomainError(.catalogNotFound, "There is no \(what) with id \(id).")
    }

    /// Reorders `indices` by popularity jittered with a seed that changes each day or week.
    private func rotated(_ indices: [Int], window: TrendingWindow) -> [Int] {
        let days = Int(now().timeIntervalSince1970 / 86_400)
        let seed = UInt64(window == .day ? days : (days + 3) / 7) &* 0x9E37_79B9_7F4A_7C15
        func weight(_ index: Int) -> Double {
            var mixed = seed ^ UInt64(catalog.titles[index].id) &* 0xBF58_476D_1CE4_E5B9
            mixed ^= mixed >> 31
            mixed &*= 0x94D0_49BB_1331_11EB
            mixed ^= mixed >> 29
            return catalog.titles[index].popularity * (0.3 + Double(mixed % 1_000) / 1_000)
        }
        return indices.map { ($0, weight($0)) }.sorted { $0.1 > $1.1 }.map(\.0)
    }

    func summary(_ title: LocalCatalog.Title) -> MediaSummary {
        MediaSummary(
            mediaType: title.kind, id: title.id, title: title.record.title,
            originalTitle: title.record.originalTitle, originalLanguage: title.record.originalLanguage,
            overview: title.record.overview, date: title.record.date.fullDate, year: title.record.date.year,
            genreIds: title.genreIDs, poster: images.imageSet(kind: title.kind, id: title.id, variant: .poster),
            backdrop: images.imageSet(kind: title.kind, id: title.id, variant: .backdrop),
            voteAverage: title.record.score, voteCount: 0, popularity: title.popularity)
    }

    func personSummary(_ person: LocalCatalog.Person) -> MediaSummary {
        let knownFor = (person.castCredits.map(\.title) + person.crewCredits.map(\.title))
            .sorted { catalog.titles[$0].popularity > catalog.titles[$1].popularity }
        var seen = Set<Int>()
        return MediaSummary(
            mediaType: .person, id: person.id, title: person.record.name,
            profile: images.imageSet(kind: .person, id: person.id, variant: .profile),
            popularity: person.popularity, knownForDepartment: person.record.knownForDepartment,
            knownFor: knownFor.filter { seen.insert($0).inserted }.prefix(3).map { catalog.titles[$0].record.title })
    }
}

/// Page `page` of `all`, transforming only the items on that page.
func makePage<Element>(_ all: [Element], page: Int, _ transform: (Element) -> MediaSummary) -> Page<MediaSummary> {
    let size = Page<MediaSummary>.defaultSize
    let start = min((page - 1) * size, all.count)
    let end = min(start + size, all.count)
    return Page(
        page: page, results: all[start..<end].map(transform),
        totalPages: min(Page<MediaSummary>.maxPage, max(1, (all.count + size - 1) / size)),
        totalResults: all.count)
}

extension LocalCatalog.Title {
    var newestDate: CatalogDate { record.lastAirDate ?? record.date }
    var isRunning: Bool { record.status == "Returning Series" || record.status == "In Production" }
}
