package import Foundation
package import MarqueeCore
package import MarqueeStore
import SQLKit

/// A `OneTimeTokenStore` in the `one_time_tokens` table.
package struct SQLOneTimeTokenStore: OneTimeTokenStore {
    private let database: any Database

    /// Creates a store over `database` (migrated).
    package init(database: any Database) {
        self.database = database
    }

    // Named as the table or the wire names them.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct Row: Codable {
        var token_hash: String
        var purpose: String
        var user_id: String
        var payload: String?
        var created_at: Int64
        var expires_at: Int64
        var used_at: Int64?

        init(_ record: OneTimeTokenRecord) {
            token_hash = record.tokenHash
            purpose = record.purpose.rawValue
            user_id = record.userID.rawValue
            payload = record.payload
            created_at = Milliseconds.from(record.createdAt)
            expires_at = Milliseconds.from(record.expiresAt)
            used_at = record.usedAt.map(Milliseconds.from)
        }

        var record: OneTimeTokenRecord? {
            guard let purpose = OneTimePurpose(rawValue: purpose), let userID = UserID(user_id) else { return nil }
            return OneTimeTokenRecord(
                tokenHash: token_hash, purpose: purpose, userID: userID, payload: payload,
                createdAt: Milliseconds.date(created_at), expiresAt: Milliseconds.date(expires_at),
                usedAt: used_at.map(Milliseconds.date))
        }
    }

    package func create(_ record: OneTimeTokenRecord) async throws {
        let row = Row(record)
        try await database.write { db in try await db.insert(into: "one_time_tokens").model(row).run() }
    }

    package func record(tokenHash: String) async throws -> OneTimeTokenRecord? {
        try await database.reader.select().columns("*").from("one_time_tokens").where("token_hash", .equal, tokenHash)
            .first(decoding: Row.self)?.record
    }

    package func consume(tokenHash: String, purposes: Set<OneTimePurpose>, at date: Date) async throws
        -> OneTimeTokenOutcome
    {
        try await database.write { [database] db in
            // A link opened twice at once (two instances) is consumed once.
            try await database.lock(.link(tokenHash), in: db)
            guard
                var record = try await db.select().columns("*").from("one_time_tokens")
                    .where("token_hash", .equal, tokenHash).first(decoding: Row.self)?.record,
                purposes.contains(record.purpose)
            else { return .unknown }
            if record.usedAt != nil { return .alreadyUsed(record) }
            if record.expiresAt <= date { return .expired(record) }
            try await db.update("one_time_tokens").set("used_at", to: Milliseconds.from(date))
                .where("token_hash", .equal, tokenHash).run()
            record.usedAt = date
            return .consumed(record)
        }
    }

    package func withdrawAll(userID: UserID, purpose: OneTimePurpose, at date: Date) async throws {
        let millis = Milliseconds.from(date)
        try await database.write { db in
            try await db.update("one_time_tokens").set("used_at", to: millis).where("user_id", .equal, userID.rawValue)
                .where("purpose", .equal, purpose.rawValue).where(SQLColumn("used_at"), .is, SQLLiteral.null).run()
        }
    }

    package func release(tokenHash: String, usedAt: Date) async throws {
        try await database.write { db in
            try await db.update("one_time_tokens").set("used_at", to: SQLLiteral.null)
                .where("token_hash", .equal, tokenHash).where("used_at", .equal, Milliseconds.from(usedAt)).run()
        }
    }

    @discardableResult
    package func prune(expiredBefore date: Date) async throws -> Int {
        let millis = Milliseconds.from(date)
        return try await database.write { db in
            let count = try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
                .from("one_time_tokens").where("expires_at", .lessThan, millis).first(decodingColumn: "n", as: Int.self)
            try await db.delete(from: "one_time_tokens").where("expires_at", .lessThan, millis).run()
            return count ?? 0
        }
    }
}
