import Foundation
import MarqueeStore
import MarqueeStoreSQL
import SQLKit
import Testing

/// Migrations on both databases: a failing one says which and why, and leaves nothing half-applied.
@Suite("Migrator")
struct MigratorTests {
    @Test("A failing migration names itself and the database's reason; it is not recorded, the ones before it are")
    func failingMigration() async throws {
        try await withEachMigratedDatabase { database in
            let extra = [
                Migration(version: 1_001, name: "a good one") { db in
                    try await db.create(table: "migrator_test").column("id", type: .bigint).run()
                },
                Migration(version: 1_002, name: "a broken one") { db in
                    try await db.create(table: "migrator_test_2").column("id", type: .bigint).run()
                    try await db.raw("SELECT no_such_column FROM migrator_test").run()
                },
            ]
            let migrator = Migrator(database: database, migrations: Migration.all + extra)
            await #expect {
                try await migrator.migrate(logger: TestSettings.quietLogger)
            } throws: { error in
                guard let failed = error as? MigrationFailed else { return false }
                return failed.version == 1_002 && failed.description.contains("a broken one")
                    && failed.reason.contains("no_such_column")
            }
            let applied = try await migrator.appliedVersions()
            #expect(applied.contains(1_001) && !applied.contains(1_002))
            // The broken migration's first statement was rolled back with it.
            await #expect(throws: (any Error).self) {
                try await database.reader.raw("SELECT id FROM migrator_test_2").run()
            }
        }
    }

    @Test("status on a database never migrated: everything pending, on both databases; after migrating, nothing")
    func statusOfANewDatabase() async throws {
        let sqlite = try await SQLiteDatabase.open(
            path: TestSettings.makeDataDirectory() + "/new.sqlite", logger: TestSettings.quietLogger)
        try await Self.checkStatus(of: sqlite)
        await sqlite.close()
        try await TestPostgres.withDatabase { url in
            let postgres = try await PostgreSQLDatabase.open(
                location: try PostgreSQLLocation(url: url), logger: TestSettings.quietLogger, waitingUpTo: .seconds(30))
            try await Self.checkStatus(of: postgres)
            await postgres.close()
        }
    }

    private static func checkStatus(of database: any Database) async throws {
        let migrator = Migrator(database: database)
        #expect(try await migrator.status().allSatisfy { $0.appliedAt == nil })
        try await migrator.migrate(logger: TestSettings.quietLogger)
        #expect(try await migrator.status().allSatisfy { $0.appliedAt != nil })
    }
}
