package import Foundation
package import Logging
import MarqueeCore
import MarqueeStore
import SQLKit

/// Applies pending migrations and reports which are applied.
package struct Migrator: Sendable {
    private let database: any Database
    private let migrations: [Migration]
    private let now: @Sendable () -> Date

    /// Creates a migrator for `database`.
    package init(
        database: any Database, migrations: [Migration] = Migration.all,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.database = database
        self.migrations = migrations.sorted { $0.version < $1.version }
        self.now = now
    }

    /// Applies every migration not yet applied, each in its own transaction; returns the versions applied.
    /// Instances starting together take turns (a database lock per step), so each migration runs exactly once.
    /// An up-to-date database costs one read: the lock is taken only when something is pending.
    @discardableResult
    package func migrate(logger: Logger) async throws -> [Int] {
        let pending = try await status().filter { $0.appliedAt == nil }.map(\.migration)
        guard !pending.isEmpty else { return [] }
        try await database.write { [database] db in
            try await Self.prepare(db, database)
            try await db.create(table: "schema_migrations")
                .ifNotExists()
                .column("version", type: .bigint, .primaryKey(autoIncrement: false))
                .column("name", type: .text, .notNull)
                .column("applied_at", type: .text, .notNull)
                .run()
        }
        var applied: [Int] = []
        // Checked again under the lock: another instance may have applied some meanwhile.
        for migration in pending {
            let didApply = try await database.write { [database] db in
                try await Self.prepare(db, database)
                let done = try await db.select().column("version").from("schema_migrations")
                    .where("version", .equal, migration.version).first()
                if done != nil { return false }
                do {
                    try await migration.apply(db)
                } catch let error as DomainError {
                    throw error
                } catch {
                    // Database errors print as a generic line; an operator needs the statement and the reason.
                    throw MigrationFailed(
                        version: migration.version, name: migration.name, reason: String(reflecting: error))
                }
                try await db.insert(into: "schema_migrations")
                    .columns("version", "name", "applied_at")
                    .values(
                        SQLBind(migration.version), SQLBind(migration.name),
                        SQLBind(ISO8601DateFormatter().string(from: now()))
                    )
                    .run()
                return true
            }
            if didApply {
                logger.info(
                    "Applied migration", metadata: ["version": "\(migration.version)", "name": "\(migration.name)"])
                applied.append(migration.version)
            }
        }
        return applied
    }

    /// The versions already applied.
    package func appliedVersions() async throws -> [Int] {
        try await database.reader.select().column("version").from("schema_migrations").orderBy("version")
            .all(decodingColumn: "version", as: Int.self)
    }

    /// Every migration this version knows, with when it was applied (nil: pending), oldest first.
    package func status() async throws -> [(migration: Migration, appliedAt: String?)] {
        // A database never migrated has no schema_migrations table yet: everything is pending. Any other failure
        // (no right to read it, say) is reported, not taken for that.
        let tables =
            try await hasMigrationTable()
            ? try await database.reader.select().column("version").column("applied_at").from("schema_migrations").all()
            : []
        var applied: [Int: String] = [:]
        for row in tables {
            applied[try row.decode(column: "version", as: Int.self)] = try row.decode(
                column: "applied_at", as: String.self)
        }
        return migrations.map { ($0, applied[$0.version]) }
    }

    private func hasMigrationTable() async throws -> Bool {
        let reader = database.reader
        let query: SQLQueryString =
            reader.dialect.name == "postgresql"
            ? "SELECT to_regclass('schema_migrations') IS NOT NULL AS present"
            : "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations') AS present"
        return try await reader.raw(query).first()?.decode(column: "present", as: Bool.self) ?? false
    }

    /// Takes the migrations lock; on PostgreSQL also lifts the statement timeout for this transaction, since a
    /// migration rewriting a big table (or waiting for another instance's) may take longer than any request should.
    private static func prepare(_ db: any SQLDatabase, _ database: any Database) async throws {
        if db.dialect.name == "postgresql" { try await db.raw("SET LOCAL statement_timeout = 0").run() }
        try await database.lock(.migrations, in: db)
    }
}

/// A migration's own statements failed (not the connection: that stays `storage.unavailable`, which every
/// database's `write` reports at the statement).
package struct MigrationFailed: Error, CustomStringConvertible {
    package let version: Int
    package let name: String
    package let reason: String

    package var description: String { "migration \(version) (\(name)) failed: \(reason)" }
}
