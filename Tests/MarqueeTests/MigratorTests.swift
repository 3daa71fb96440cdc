import Foundation
import MarqueeStore
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
}
