package import Foundation
package import MarqueeStore
import SQLKit

/// An `UpstreamCacheStore` in the `upstream_cache` table.
package struct SQLUpstreamCacheStore: UpstreamCacheStore {
    private let database: any Database

    /// Creates a store over `database` (migrated).
    package init(database: any Database) {
        self.database = database
    }

    // Named as the table or the wire names them.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct Row: Decodable {
        var body: Data
        var fetched_at: Int64
        var max_age: Int64
        var used_at: Int64
    }

    package func response(for key: String) async throws -> CachedResponse? {
        guard
            let row = try await database.reader.select().columns("body", "fetched_at", "max_age", "used_at")
                .from("upstream_cache").where("cache_key", .equal, key).first(decoding: Row.self)
        else { return nil }
        return CachedResponse(
            body: Array(row.body), fetchedAt: Milliseconds.date(row.fetched_at), maxAge: Int(row.max_age),
            usedAt: Milliseconds.date(row.used_at))
    }

    package func store(_ response: CachedResponse, for key: String) async throws {
        let millis = Milliseconds.from(response.fetchedAt)
        try await database.write { db in
            try await db.insert(into: "upstream_cache")
                .columns("cache_key", "body", "fetched_at", "max_age", "used_at", "size")
                .values(
                    SQLBind(key), SQLBind(Data(response.body)), SQLBind(millis), SQLBind(Int64(response.maxAge)),
                    SQLBind(millis), SQLBind(Int64(key.utf8.count + response.body.count))
                )
                .onConflict(with: ["cache_key"]) { conflict in
                    conflict.set(excludedValueOf: "body").set(excludedValueOf: "fetched_at")
                        .set(excludedValueOf: "max_age").set(excludedValueOf: "used_at").set(excludedValueOf: "size")
                }
                .run()
        }
    }

    @discardableResult
    package func removeResponses(fetchedBefore date: Date) async throws -> Int {
        let millis = Milliseconds.from(date)
        return try await database.write { db in
            let count =
                try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
                .from("upstream_cache").where("fetched_at", .lessThan, millis)
                .first(decodingColumn: "n", as: Int.self) ?? 0
            try await db.delete(from: "upstream_cache").where("fetched_at", .lessThan, millis).run()
            return count
        }
    }

    package func touch(_ key: String, at date: Date) async throws {
        let millis = Milliseconds.from(date)
        try await database.write { db in
            try await db.update("upstream_cache").set("used_at", to: millis).where("cache_key", .equal, key).run()
        }
    }

    // Named as the table or the wire names them.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct Usage: Decodable {
        var cache_key: String
        var size: Int64
    }

    @discardableResult
    package func trim(toBytes bytes: Int) async throws -> Int {
        try await database.write { db in
            let total =
                try await db.select().column(SQLRaw("CAST(COALESCE(SUM(size), 0) AS BIGINT)"), as: "n")
                .from("upstream_cache").first(decodingColumn: "n", as: Int64.self) ?? 0
            var excess = total - Int64(bytes)
            var removed = 0
            while excess > 0 {
                let oldest = try await db.select().columns("cache_key", "size").from("upstream_cache")
                    .orderBy("used_at").limit(500).all(decoding: Usage.self)
                guard !oldest.isEmpty else { break }
                var doomed: [String] = []
                for usage in oldest where excess > 0 {
                    doomed.append(usage.cache_key)
                    excess -= usage.size
                }
                try await db.delete(from: "upstream_cache").where("cache_key", .in, doomed).run()
                removed += doomed.count
            }
            return removed
        }
    }
}
