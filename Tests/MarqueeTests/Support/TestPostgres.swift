import Foundation
import Logging
import MarqueeServer
import MarqueeStore
import MarqueeStoreSQL
import SQLKit
import Testing

/// The PostgreSQL server the test command starts (`scripts/test` exports `MARQUEE_TEST_POSTGRES_URL`). Each test
/// gets a database of its own on it, dropped afterwards. Without the server, tests that need it fail: they are
/// never skipped.
enum TestPostgres {
    struct NotConfigured: Error, CustomStringConvertible {
        var description: String {
            "MARQUEE_TEST_POSTGRES_URL is not set: run ./scripts/test, or eval \"$(scripts/postgres-start)\" first"
        }
    }

    /// The server's URL (its maintenance database).
    static func serverURL() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["MARQUEE_TEST_POSTGRES_URL"], !url.isEmpty else {
            throw NotConfigured()
        }
        return url
    }

    /// Creates an empty database and returns its URL.
    static func createDatabase() async throws -> String {
        let server = try serverURL()
        let name = "marquee_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        try await withServer(server) { db in
            // An ICU collation sorts text unlike bytes (as a real server's locale would), so anything that must
            // sort by bytes has to say so (migration 9). No fallback: a server without ICU would make the
            // byte-order tests pass without testing anything.
            try await db.raw("CREATE DATABASE \(ident: name) TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'")
                .run()
        }
        var url = try #require(URLComponents(string: server))
        url.path = "/" + name
        return try #require(url.string)
    }

    /// Runs `body` with the URL of a fresh empty database, dropped afterwards (also when `body` throws).
    static func withDatabase<T>(_ body: (String) async throws -> T) async throws -> T {
        let url = try await createDatabase()
        do {
            let result = try await body(url)
            try await dropDatabase(url)
            return result
        } catch {
            try? await dropDatabase(url)
            throw error
        }
    }

    /// Drops a database made by `createDatabase`, ending whatever still uses it.
    static func dropDatabase(_ url: String) async throws {
        let name = try PostgreSQLLocation(url: url).database
        try await withServer(try serverURL()) { db in
            try await db.raw("DROP DATABASE IF EXISTS \(ident: name) WITH (FORCE)").run()
        }
    }

    /// A fresh, migrated database for `body`, closed and dropped afterwards.
    static func withMigratedDatabase<T>(_ body: (any Database) async throws -> T) async throws -> T {
        let url = try await createDatabase()
        let database = try await PostgreSQLDatabase.open(
            location: try PostgreSQLLocation(url: adding("pool_size=4&connect_timeout=30", to: url)),
            logger: TestSettings.quietLogger, waitingUpTo: .seconds(30))
        do {
            try await Migrator(database: database).migrate(logger: TestSettings.quietLogger)
            let result = try await body(database)
            await database.close()
            try await dropDatabase(url)
            return result
        } catch {
            await database.close()
            try? await dropDatabase(url)
            throw error
        }
    }

    /// `url` with `parameters` added to its query.
    static func adding(_ parameters: String, to url: String) -> String {
        url + (url.contains("?") ? "&" : "?") + parameters
    }

    private static func withServer(_ url: String, _ body: (any SQLDatabase) async throws -> Void) async throws {
        try await body(try await Maintenance.shared.database(url).reader)
    }

    /// One connection pool to the maintenance database for the whole test run (tests create and drop many
    /// databases at once while the machine is busy).
    private actor Maintenance {
        static let shared = Maintenance()
        private var opening: Task<PostgreSQLDatabase, any Error>?

        func database(_ url: String) async throws -> PostgreSQLDatabase {
            if let opening { return try await opening.value }
            let opening = Task {
                try await PostgreSQLDatabase.open(
                    location: try PostgreSQLLocation(url: adding("pool_size=4&connect_timeout=30", to: url)),
                    logger: TestSettings.quietLogger, waitingUpTo: .seconds(30))
            }
            self.opening = opening
            return try await opening.value
        }
    }
}

/// Runs `body` on a fresh, migrated SQLite database and then on a fresh PostgreSQL one: the storage contract holds
/// for both.
func withEachMigratedDatabase(_ body: (any Database) async throws -> Void) async throws {
    try await withMigratedDatabase(body)
    try await TestPostgres.withMigratedDatabase(body)
}
