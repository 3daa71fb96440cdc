import Foundation
import MarqueeStore
import MarqueeStoreSQL
import MarqueeWire
import NIOHTTP1
import SQLKit
import Testing

/// `marquee db status|migrate|copy`, run as an operator would.
@Suite("Database commands: marquee db")
struct DatabaseCommandTests {
    @Test(
        "status shows pending migrations, migrate applies them once, status then says up to date",
        .timeLimit(.minutes(3)))
    func statusAndMigrate() async throws {
        try await TestPostgres.withDatabase { url in
            let before = try await runMarquee(["db", "status", "--database-url", url])
            #expect(before.status == 0, "\(before.output)")
            #expect(before.output.contains("pending") && before.output.contains("saved items and their change log"))
            let migrate = try await runMarquee(["db", "migrate", "--database-url", url])
            #expect(migrate.status == 0 && migrate.output.contains("Applied 1, 2, 3"), "\(migrate.output)")
            let again = try await runMarquee(["db", "migrate"], environment: ["MARQUEE_DATABASE_URL": url])
            #expect(again.output.contains("Up to date."), "\(again.output)")
            let after = try await runMarquee(["db", "status", "--database-url", url])
            #expect(after.output.contains("Up to date.") && !after.output.contains("pending"), "\(after.output)")
            let unreachable = try await runMarquee(
                ["db", "status", "--database-url", "postgres://nobody:hush-7731@127.0.0.1:1/none?connect_timeout=1"],
                environment: ["MARQUEE_DATABASE_WAIT": "1"])
            #expect(unreachable.status != 0)
            #expect(
                unreachable.output.contains("cannot reach PostgreSQL at postgres://nobody"), "\(unreachable.output)")
            #expect(!unreachable.output.contains("hush-7731"), "the password never appears: \(unreachable.output)")
        }
    }

    @Test(
        "A refusal that waiting cannot mend is reported at once, in PostgreSQL's words, without usage text",
        .timeLimit(.minutes(3)))
    func refusals() async throws {
        try await TestPostgres.withDatabase { url in
            #expect(try await runMarquee(["db", "migrate", "--database-url", url]).status == 0)
            // A role that may connect but not read Marquee's tables: not "everything pending".
            let role = "reader_\(UUID().uuidString.prefix(8).lowercased())"
            let admin = try await PostgreSQLDatabase.open(
                location: try PostgreSQLLocation(url: url), logger: TestSettings.quietLogger, waitingUpTo: .seconds(10))
            try await admin.reader.raw("CREATE ROLE \(unsafeRaw: role) LOGIN").run()
            await admin.close()
            let restricted = url.replacingOccurrences(of: "postgres@", with: "\(role)@")
            let denied = try await runMarquee(["db", "status", "--database-url", restricted])
            #expect(denied.status == 1 && denied.output.contains("permission denied"), "\(denied.output)")
            #expect(!denied.output.contains("pending") && !denied.output.contains("Usage"), "\(denied.output)")

            let started = ContinuousClock.now
            let missing = url.replacingOccurrences(of: "/marquee_", with: "/missing_")
            let noDatabase = try await runMarquee(
                ["db", "status", "--database-url", missing], environment: ["MARQUEE_DATABASE_WAIT": "30"])
            #expect(noDatabase.status == 69 && noDatabase.output.contains("does not exist"), "\(noDatabase.output)")
            #expect(!noDatabase.output.contains("Usage") && ContinuousClock.now - started < .seconds(20))
        }
    }

    @Test(
        "copy moves a SQLite deployment to PostgreSQL: same items, same sign-ins, counts checked; never into a used database",
        .timeLimit(.minutes(2)))
    func copyToPostgres() async throws {
        let dataDir = TestSettings.makeDataDirectory()
        let sqlite = try await ServerProcess.start(environment: ["MARQUEE_DATA_DIR": dataDir])
        let before = LoopbackClient(port: sqlite.port)
        let person = try await before.guest()
        for id in ["603", "604", "605"] { #expect(try await before.saveMovie(id, token: person.token) == 201) }
        #expect(
            try await before.send(.DELETE, "/api/v1/me/items/favorites/movie/604", bearer: person.token).status == 200)
        sqlite.stop()

        try await TestPostgres.withDatabase { url in
            let copy = try await runMarquee(["db", "copy", "--from", "sqlite:\(dataDir)/marquee.sqlite", "--to", url])
            #expect(copy.status == 0, "\(copy.output)")
            #expect(copy.output.contains("every table's count matches"))
            #expect(copy.output.contains("saved_items") && copy.output.contains("2 rows"))

            let postgres = try await ServerProcess.start(environment: MultiInstanceTests.environment(url))
            let after = LoopbackClient(port: postgres.port)
            // The same access token still works: the signing secret moved with the data.
            #expect(try await after.savedIDs(token: person.token) == ["603", "605"])
            let changes = try await after.send(.GET, "/api/v1/me/changes?since=0", bearer: person.token)
                .decode(ItemChanges.self)
            #expect(changes.results.count == 4, "\(changes)")
            #expect(try await after.saveMovie("606", token: person.token) == 201)
            postgres.stop()

            let twice = try await runMarquee(["db", "copy", "--from", "sqlite:\(dataDir)/marquee.sqlite", "--to", url])
            #expect(twice.status != 0 && twice.output.contains("already has rows"), "\(twice.output)")
            let missing = try await runMarquee(["db", "copy", "--from", "/nowhere/marquee.sqlite", "--to", url])
            #expect(missing.status != 0 && missing.output.contains("no SQLite file"), "\(missing.output)")
        }
    }

    @Test("copy knows every table: each one the migrations make is copied or deliberately left behind")
    func copyCoversTheSchema() async throws {
        try await withMigratedDatabase { database in
            let tables = try await database.reader.raw(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            ).all(decodingColumn: "name", as: String.self)
            #expect(Set(tables) == Set(DatabaseCopy.tables + DatabaseCopy.leftBehind))
        }
    }
}
