import Foundation
import MarqueeStore
import SQLKit

/// Copies every table of a SQLite database into an empty PostgreSQL one (both migrated to the same version), in
/// batches, then checks that each table holds as many rows on both sides.
package struct DatabaseCopy: Sendable {
    /// Tables in an order that satisfies their foreign keys.
    package static let tables = [
        "users", "sessions", "refresh_tokens", "one_time_tokens", "saved_items", "change_sequences", "change_log",
        "upstream_cache", "catalog_lines", "server_secrets",
    ]
    /// Tables deliberately not copied: short-lived coordination rows (upstream claims, rate windows, attempt
    /// counts), and the migrations table, which each side keeps for itself. Every other table must be in `tables`.
    package static let leftBehind = ["upstream_claims", "upstream_rate", "attempt_log", "schema_migrations"]

    /// Rows per table, as counted after the copy.
    package struct TableCount: Sendable, Equatable {
        package var table: String
        package var source: Int
        package var target: Int
    }

    /// Why a copy did not start or did not check out.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    private let source: any Database
    private let target: any Database
    private let batchSize: Int

    /// Prepares a copy from `source` (SQLite) to `target`.
    package init(from source: any Database, to target: any Database, batchSize: Int = 500) {
        self.source = source
        self.target = target
        self.batchSize = batchSize
    }

    /// How many rows the copy will move.
    package func rowsToCopy() async throws -> Int {
        var total = 0
        for table in Self.tables { total += try await count(table, in: source.reader) }
        return total
    }

    /// Copies everything, calling `progress` with the rows copied so far; returns the per-table counts, throwing
    /// `Failure` if the target was not empty or a count differs afterwards.
    package func run(progress: @Sendable (Int) -> Void = { _ in }) async throws -> [TableCount] {
        for table in Self.tables where try await count(table, in: target.reader) > 0 {
            throw Failure(
                description: "the target database already has rows in '\(table)'; copy into an empty database")
        }
        var copied = 0
        for table in Self.tables {
            let types = try await columnTypes(of: table)
            var after: Int64 = 0
            while true {
                let rows = try await source.reader.raw(
                    "SELECT rowid AS copy_rowid, * FROM \(ident: table) WHERE rowid > \(bind: after) ORDER BY rowid LIMIT \(unsafeRaw: String(batchSize))"
                ).all()
                guard let last = rows.last else { break }
                after = try last.decode(column: "copy_rowid", as: Int64.self)
                let values = try rows.map { row in try types.map { try Self.value(row, $0.name, $0.kind) } }
                try await target.write { db in
                    var insert = db.insert(into: table).columns(types.map(\.name))
                    for row in values { insert = insert.values(row) }
                    try await insert.run()
                }
                copied += rows.count
                progress(copied)
            }
        }
        var counts: [TableCount] = []
        for table in Self.tables {
            counts.append(
                TableCount(
                    table: table, source: try await count(table, in: source.reader),
                    target: try await count(table, in: target.reader)))
        }
        if let mismatch = counts.first(where: { $0.source != $0.target }) {
            throw Failure(
                description:
                    "'\(mismatch.table)' has \(mismatch.source) rows in the source but \(mismatch.target) in the target"
            )
        }
        return counts
    }

    private enum Kind {
        case integer, text, bytes
    }

    /// The target's columns of `table` and how to read each from the source.
    private func columnTypes(of table: String) async throws -> [(name: String, kind: Kind)] {
        let rows = try await target.reader.raw(
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = \(bind: table) ORDER BY ordinal_position"
        ).all()
        return try rows.map { row in
            let type = try row.decode(column: "data_type", as: String.self)
            let kind: Kind = type == "bigint" || type == "integer" ? .integer : type == "bytea" ? .bytes : .text
            return (try row.decode(column: "column_name", as: String.self), kind)
        }
    }

    private static func value(_ row: any SQLRow, _ column: String, _ kind: Kind) throws -> any SQLExpression {
        if try row.decodeNil(column: column) { return SQLLiteral.null }
        switch kind {
        case .integer: return SQLBind(try row.decode(column: column, as: Int64.self))
        case .text: return SQLBind(try row.decode(column: column, as: String.self))
        case .bytes: return SQLBind(try row.decode(column: column, as: Data.self))
        }
    }

    private func count(_ table: String, in db: any SQLDatabase) async throws -> Int {
        try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from(table).first()?
            .decode(column: "n", as: Int.self) ?? 0
    }
}
