import MarqueeCatalog
import MarqueeCore
import MarqueeWire
import Testing

@Suite("Catalog format")
struct CatalogLineParserTests {
    let parser = CatalogLineParser()

    @Test("A full movie line parses")
    func movie() throws {
        let line =
            #"{"type":"movie","tmdb_id":7,"imdb_id":"tt0000007","title":"Seven","release_date":"1999-04-01","runtime":100,"genres":["Drama"],"certification":{"US":"R"},"directors":["A B"],"cast":[{"name":"C D","character":"E"}],"score":7.25}"#
        guard case .success(.title(let title)?) = parser.parse(line: line[...]) else {
            Issue.record("did not parse")
            return
        }
        #expect(title.kind == .movie && title.tmdbId == 7 && title.runtime == 100)
        #expect(title.date.fullDate == "1999-04-01" && title.date.year == 1999)
        #expect(title.score == 7.3)
        #expect(title.cast == [CastLine(name: "C D", character: "E")])
    }

    @Test("Year-only dates are kept as years")
    func yearOnly() throws {
        guard
            case .success(.title(let title)?) = parser.parse(
                line: #"{"type":"tv","title":"X","first_air_date":"1987"}"#[...])
        else {
            Issue.record("did not parse")
            return
        }
        #expect(title.date.year == 1987 && title.date.fullDate == nil)
    }

    @Test("Comments and blank lines are skipped")
    func skipped() {
        let result = parser.parse("# a comment\n\n   \n{\"type\":\"person\",\"name\":\"P\"}\n")
        #expect(result.records.count == 1)
        #expect(result.errors.isEmpty)
    }

    @Test(
        "Bad lines are rejected with their line number and reason",
        arguments: [
            (#"not json"#, "not a JSON object"),
            (#"{"type":"book","title":"X"}"#, "unknown type"),
            (#"{"type":"movie","title":"X","release_date":"1999-13-01"}"#, "release_date"),
            (#"{"type":"movie","title":"X","release_date":"2001-02-29"}"#, "release_date"),
            (#"{"type":"movie","title":"X","release_date":"2001-+1-05"}"#, "release_date"),
            (#"{"type":"movie","title":"X"}"#, "release_date is required"),
            (#"{"type":"movie","release_date":"1999"}"#, "title is required"),
            (#"{"type":"movie","title":"X","release_date":"1999","runtime":true}"#, "runtime"),
            (#"{"type":"movie","title":"X","release_date":"1999","runtime":"90"}"#, "runtime"),
            (#"{"type":"movie","title":"X","release_date":"1999","tmdb_id":-3}"#, "tmdb_id"),
            (#"{"type":"movie","title":"X","release_date":"1999","imdb_id":"nm123"}"#, "imdb_id"),
            (#"{"type":"movie","title":"X","release_date":"1999","genres":["Space Opera"]}"#, "genre"),
            (#"{"type":"movie","title":"X","release_date":"1999","score":11}"#, "score"),
            (#"{"type":"movie","title":"X","release_date":"1999","colour":"red"}"#, "unknown key 'colour'"),
            (
                #"{"type":"movie","title":"X","release_date":"1999","cast":[{"name":"A","role":"B"}]}"#,
                "unknown cast key"
            ),
            (#"{"type":"tv","title":"X","first_air_date":"1999","directors":["A"]}"#, "unknown key 'directors'"),
        ])
    func rejected(line: String, reason: String) {
        let result = parser.parse("{\"type\":\"person\",\"name\":\"ok\"}\n" + line)
        #expect(result.records.count == 1)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.line == 2)
        #expect(result.errors.first?.message.contains(reason) == true, "\(result.errors.first?.message ?? "")")
    }

    @Test("Imports override the embedded title with the same TMDB id; titles without ids get stable local ids")
    func mergingAndLocalIDs() async throws {
        let lines = """
            {"type":"movie","tmdb_id":5,"title":"Old Title","release_date":"2001"}
            {"type":"movie","tmdb_id":5,"title":"New Title","release_date":"2001"}
            {"type":"movie","title":"Club Night","release_date":"2024-05-01","cast":[{"name":"Solo Person"}]}
            """
        let catalog = LocalCatalog(records: parser.parse(lines).records)
        #expect(catalog.counts.movies == 2)
        let provider = LocalCatalogProvider(catalog: catalog, images: PlaceholderImages(baseURL: "http://x"))
        let locale = LocaleOptions(language: "en", region: "US")
        #expect(try await provider.movie(id: 5, locale: locale).title == "New Title")
        let search = try await provider.search(try SearchQuery(text: "club night"), locale: locale)
        let local = try #require(search.results.first)
        #expect(local.id >= 1_000_000_000)
        let again = LocalCatalog(records: parser.parse(lines).records)
        let againProvider = LocalCatalogProvider(catalog: again, images: PlaceholderImages(baseURL: "http://x"))
        #expect(try await againProvider.movie(id: local.id, locale: locale).title == "Club Night")
        let person = try await provider.person(
            id: try #require(try await provider.movie(id: local.id, locale: locale).cast.first?.id), locale: locale)
        #expect(person.name == "Solo Person")
    }
}

@Suite("Embedded catalog")
struct EmbeddedCatalogTests {
    @Test("Every embedded line is valid and the catalog is big enough")
    func embeddedCatalog() throws {
        let (records, errors) = try EmbeddedCatalog.load()
        #expect(errors.isEmpty, "\(errors.prefix(5))")
        let catalog = LocalCatalog(records: records)
        #expect(catalog.counts.movies >= 250)
        #expect(catalog.counts.shows >= 50)
        #expect(catalog.counts.people >= 300)
    }

    @Test("Embedded titles have the facts a detail page needs")
    func embeddedFacts() throws {
        let titles = try EmbeddedCatalog.load().records.compactMap { record -> TitleRecord? in
            if case .title(let title) = record { title } else { nil }
        }
        for title in titles {
            #expect(!title.genres.isEmpty, "\(title.title) has no genres")
            let needsCast = !title.genres.contains("Documentary") && !title.genres.contains("Animation")
            #expect(!needsCast || !title.cast.isEmpty, "\(title.title) has no cast")
            #expect((title.overview?.count ?? 0) <= 200, "\(title.title) overview is long")
            if title.kind == .movie { #expect(!title.directors.isEmpty, "\(title.title) has no director") }
        }
        let tmdbIDs = titles.compactMap { title in title.tmdbId.map { "\(title.kind)#\($0)" } }
        #expect(Set(tmdbIDs).count == tmdbIDs.count, "duplicate TMDB ids")
    }
}
