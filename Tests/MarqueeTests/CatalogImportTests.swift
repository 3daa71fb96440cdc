import Foundation
import HTTPTypes
import MarqueeCatalog
import MarqueeCore
import MarqueeServer
import MarqueeStore
import MarqueeStoreSQL
import MarqueeWire
import Testing

@Suite("Catalog import")
struct CatalogImportTests {
    static let messy = """
        # A film club's programme
        {"type":"movie","title":"Harbour Lights","release_date":"2023-03-04","genres":["Drama"],"directors":["Ines Okafor"],"cast":[{"name":"Tomas Berg","character":"Keeper"}]}
        {"type":"movie","title":"No Date Given"}
        this line is not json

        {"type":"tv","title":"Club Stories","first_air_date":"2021","status":"Returning Series"}
        {"type":"person","name":"Ines Okafor","known_for_department":"Directing","birthday":"1980-02-29"}
        {"type":"movie","tmdb_id":603,"title":"The Matrix (club print)","release_date":"1999-03-31","genres":["Science Fiction"],"unknown":1}
        """

    @Test("Valid lines are imported, invalid ones reported with line numbers, and the server serves them")
    func importAndServe() async throws {
        let dataDir = TestSettings.makeDataDirectory()
        let report = try await withMigratedDatabase(dataDir: dataDir) { database in
            try await CatalogImporter(store: SQLCatalogLineStore(database: database))
                .importText(Self.messy, replace: false, strict: false)
        }
        #expect(report.imported)
        #expect(report.movies == 1 && report.shows == 1 && report.people == 1)
        #expect(report.errors.map(\.line) == [3, 4, 8])
        #expect(report.errors[0].message.contains("release_date is required"))
        #expect(report.errors[2].message.contains("unknown key 'unknown'"))

        try await withMarquee(try TestSettings.make(["dataDir": dataDir])) { client in
            let results = try await client.get("/api/v1/search?q=harbour%20lights").decode(Page<MediaSummary>.self)
            let film = try #require(results.results.first)
            #expect(film.title == "Harbour Lights" && film.id >= 1_000_000_000)
            let details = try await client.get("/api/v1/movies/\(film.id)").decode(MovieDetails.self)
            #expect(details.crew.first?.name == "Ines Okafor")
            let director = try await client.get("/api/v1/people/\(details.crew[0].id)").decode(PersonDetails.self)
            #expect(director.birthday == "1980-02-29")
            let shows = try await client.get("/api/v1/search?q=club%20stories&type=tv").decode(Page<MediaSummary>.self)
            #expect(shows.results.first?.title == "Club Stories")
            let ready = try await client.get("/readyz")
            #expect(ready.text.contains("local: 266 movies, 61 shows"), "\(ready.text)")
        }
    }

    @Test("--strict imports nothing when a line is invalid; --replace removes earlier imports; re-import is stable")
    func strictAndReplace() async throws {
        let dataDir = TestSettings.makeDataDirectory()
        try await withMigratedDatabase(dataDir: dataDir) { database in
            let importer = CatalogImporter(store: SQLCatalogLineStore(database: database))
            let strict = try await importer.importText(Self.messy, replace: false, strict: true)
            #expect(!strict.imported)
            #expect(try await SQLCatalogLineStore(database: database).count() == 0)

            let first = try await importer.importText(Self.messy, replace: false, strict: false)
            #expect(first.imported)
            let count = try await SQLCatalogLineStore(database: database).count()
            #expect(count == 3)
            _ = try await importer.importText(
                #"{"type":"movie","title":"Only One","release_date":"2020"}"#, replace: true, strict: false)
            #expect(try await SQLCatalogLineStore(database: database).allLines().count == 1)
        }
        try await withMarquee(try TestSettings.make(["dataDir": dataDir])) { client in
            let gone = try await client.get("/api/v1/search?q=harbour%20lights&type=movie").decode(
                Page<MediaSummary>.self)
            #expect(gone.results.isEmpty)
            let kept = try await client.get("/api/v1/search?q=only%20one").decode(Page<MediaSummary>.self)
            #expect(kept.results.first?.title == "Only One")
        }
    }
}

@Suite("Settings sources")
struct SettingsSourcesTests {
    @Test("Flags win over the environment, the environment over the config file")
    func precedence() async throws {
        let file = NSTemporaryDirectory() + "marquee-config-\(UUID().uuidString).json"
        try Data(#"{"port": 7000, "host": "0.0.0.0", "tmdb": {"apiKey": "from-file"}, "defaultRegion": "GB"}"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        let reader = try await SettingsReader.standard(
            flags: ["host": "127.0.0.2"], environment: ["MARQUEE_PORT": "9999", "MARQUEE_DEFAULT_LANGUAGE": "fr-FR"],
            configFile: file)
        let settings = try ServerSettings(reading: reader)
        #expect(settings.host == "127.0.0.2")
        #expect(settings.port == 9999)
        #expect(settings.defaultRegion == "GB")
        #expect(settings.defaultLanguage == "fr-FR")
        guard case .apiKey(let key) = settings.tmdb?.credential else {
            Issue.record("no TMDB key from the file")
            return
        }
        #expect(key == "from-file")
    }

    @Test("MARQUEE_CONFIG_FILE names the file; a missing file is a clear error")
    func missingFile() async throws {
        await #expect {
            _ = try await SettingsReader.standard(environment: ["MARQUEE_CONFIG_FILE": "/nonexistent/marquee.json"])
        } throws: { error in
            String(describing: error).contains("MARQUEE_CONFIG_FILE")
        }
    }

    @Test("An invalid environment value names its variable")
    func invalidEnvironment() async throws {
        let reader = try await SettingsReader.standard(environment: ["MARQUEE_PORT": "http"])
        #expect {
            _ = try ServerSettings(reading: reader)
        } throws: { error in
            String(describing: error).contains("MARQUEE_PORT")
        }
    }
}
