import ArgumentParser
import Foundation
import Logging
import MarqueeServer
import MarqueeStore
import MarqueeStoreSQL
import ServiceLifecycle
import Synchronization

/// `marquee db …`: the database's schema version, migrations, and moving from SQLite to PostgreSQL.
struct DatabaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db", abstract: "Show or apply schema migrations; copy a SQLite deployment to PostgreSQL.",
        subcommands: [Status.self, Migrate.self, Copy.self])

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show which migrations are applied.")
        @OptionGroup var common: CommonOptions

        func run() async throws {
            let settings = try await common.serverSettings()
            try await withDatabase(settings, label: "marquee.db", migrated: false) { database in
                print("Database: \(settings.database?.redacted ?? settings.sqlitePath)")
                let status = try await Migrator(database: database).status()
                for (migration, appliedAt) in status {
                    let version = String(migration.version).padding(toLength: 4, withPad: " ", startingAt: 0)
                    print(
                        "\(version) \((appliedAt ?? "pending").padding(toLength: 22, withPad: " ", startingAt: 0)) \(migration.name)"
                    )
                }
                let pending = status.filter { $0.appliedAt == nil }.count
                print(
                    pending == 0
                        ? "Up to date."
                        : "\(pending) pending; `marquee db migrate` applies them (so does `marquee serve`).")
            }
        }
    }

    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Apply pending migrations (instances starting at the same time take turns).")
        @OptionGroup var common: CommonOptions

        func run() async throws {
            let settings = try await common.serverSettings()
            try await withDatabase(settings, label: "marquee.db", migrated: false) { database in
                let applied = try await Migrator(database: database).migrate(logger: commandLogger("marquee.db"))
                print(applied.isEmpty ? "Up to date." : "Applied \(applied.map(String.init).joined(separator: ", ")).")
            }
        }
    }

    struct Copy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy a SQLite deployment into an empty PostgreSQL database, checking row counts.",
            discussion: """
                Stop `marquee serve` first. Both databases are migrated to this version, every table is copied in \
                batches, and each table's row count is compared. The access-token secret kept next to the SQLite \
                file moves too, so people stay signed in.
                """)
        @Option(help: "The SQLite file: sqlite:PATH (or just PATH).") var from: String
        @Option(help: "The PostgreSQL database: postgres://user:password@host:port/database.") var to: String

        func run() async throws {
            let path = from.hasPrefix("sqlite:") ? String(from.dropFirst("sqlite:".count)) : from
            guard FileManager.default.fileExists(atPath: path) else {
                throw ValidationError("--from: there is no SQLite file at '\(path)'.")
            }
            let location: PostgreSQLLocation
            do {
                location = try PostgreSQLLocation(url: to)
            } catch {
                throw ValidationError("--to: \(error)")
            }
            let logger = commandLogger("marquee.db")
            let source = try await SQLiteDatabase.open(path: path, logger: logger)
            let target: PostgreSQLDatabase
            do {
                target = try await PostgreSQLDatabase.open(location: location, logger: logger)
            } catch {
                await source.close()
                throw error
            }
            do {
                try await copy(from: source, path: path, to: target, logger: logger)
                await source.close()
                await target.close()
            } catch {
                await source.close()
                await target.close()
                throw error
            }
        }

        private func copy(
            from source: SQLiteDatabase, path: String, to target: PostgreSQLDatabase, logger: Logger
        ) async throws {
            try await Migrator(database: source).migrate(logger: logger)
            try await Migrator(database: target).migrate(logger: logger)
            let copy = DatabaseCopy(from: source, to: target)
            let total = try await copy.rowsToCopy()
            let bar = Mutex(ProgressBar(label: "Copying"))
            bar.withLock { $0.update(0, of: total) }
            let counts = try await copy.run { done in bar.withLock { $0.update(done, of: total) } }
            try await TokenSecret.copy(fromDataDirectory: (path as NSString).deletingLastPathComponent, to: target)
            for count in counts {
                print("\(count.table.padding(toLength: 18, withPad: " ", startingAt: 0)) \(count.target) rows")
            }
            print("Copied \(total) rows to \(target.location); every table's count matches.")
        }
    }
}
