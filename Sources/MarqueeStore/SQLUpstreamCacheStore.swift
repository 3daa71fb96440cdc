public import Foundation
import SQLKit

/// An `UpstreamCacheStore` in the `upstream_cache` table.
public struct SQLUpstreamCacheStore: UpstreamCacheStore {
    private let database: any Database

    /// Creates a store over `database` (migrated).
    public init(database: any Database) {
        self.database = database
    }

    private struct Row: Decodable {
        var body: Data
        var fetched_at: Int64
        var max_age: Int64
    }

    public func response(for key: String) async throws -> CachedResponse? {
        guard let row = try await database.reader.select().columns("body", "fetched_at", "max_age")
            .from("upstream_cache").where("cache_key", .equal, key).first(decoding: Row.self)
        else { return nil }
        return CachedResponse(
            body: Array(row.body), fetchedAt: Milliseconds.date(row.fetched_at),
            maxAge: Int(row.max_age))
    }

    public func store(_ response: CachedResponse, for key: String) async throws {
        let millis = Milliseconds.from(response.fetchedAt)
        try await database.write { db in
            try await db.insert(into: "upstream_cache")
                .columns("cache_key", "body", "fetched_at", "max_age")
                .values(SQLBind(key), SQLBind(Data(response.body)), SQLBind(millis), SQLBind(Int64(response.maxAge)))
                .onConflict(with: ["cache_key"]) { conflict in
                    conflict.set(excludedValueOf: "body").set(excludedValueOf: "fetched_at")
                        .set(excludedValueOf: "max_age")
                }
                .run()
        }
    }

    @discardableResult
    public func removeResponses(fetchedBefore date: Date) async throws -> Int {
        let millis = Milliseconds.from(date)
        return try await database.write { db in
            let count = try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
                .from("upstream_cache").where("fetched_at", .lessThan, millis)
                .first(decodingColumn: "n", as: Int.self) ?? 0
            try await db.delete(from: "upstream_cache").where("fetched_at", .lessThan, millis).run()
            return count
        }
    }
}
