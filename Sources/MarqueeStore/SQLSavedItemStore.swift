public import Foundation
public import MarqueeCore
import SQLKit

/// A `SavedItemStore` in the `saved_items`, `change_log` and `change_sequences` tables.
public struct SQLSavedItemStore: SavedItemStore {
    private let database: any Database

    /// Creates a store over `database` (migrated).
    public init(database: any Database) {
        self.database = database
    }

    private struct Row: Codable {
        var user_id: String
        var list: String
        var kind: String
        var item_id: String
        var snapshot: String
        var note: String?
        var watched_at: Int64?
        var rating: Int64?
        var created_at: Int64
        var updated_at: Int64

        init(_ item: SavedItem, user: UserID) {
            user_id = user.rawValue
            list = item.list.rawValue
            kind = item.kind.rawValue
            item_id = item.id
            snapshot = Self.json(item.snapshot)
            note = item.note
            watched_at = item.watchedAt.map(Milliseconds.from)
            rating = item.rating.map(Int64.init)
            created_at = Milliseconds.from(item.createdAt)
            updated_at = Milliseconds.from(item.updatedAt)
        }

        var item: SavedItem? {
            guard let list = SavedList(rawValue: list), let kind = SavedKind(rawValue: kind),
                let snapshot = try? JSONDecoder().decode(ItemSnapshot.self, from: Data(snapshot.utf8))
            else { return nil }
            return SavedItem(
                list: list, kind: kind, id: item_id, snapshot: snapshot, note: note,
                watchedAt: watched_at.map(Milliseconds.date), rating: rating.map(Int.init),
                createdAt: Milliseconds.date(created_at), updatedAt: Milliseconds.date(updated_at))
        }

        static func json<T: Encodable>(_ value: T) -> String {
            String(decoding: (try? JSONEncoder().encode(value)) ?? Data("{}".utf8), as: UTF8.self)
        }
    }

    private struct LogRow: Codable {
        var user_id: String
        var seq: Int64
        var change: String
    }

    public func save(_ item: SavedItem, for user: UserID, at date: Date) async throws -> ItemChange {
        let date = Milliseconds.rounded(date)
        return try await database.write { db in
            var stored = item
            stored.watchedAt = item.watchedAt.map(Milliseconds.rounded)
            stored.updatedAt = date
            stored.createdAt =
                try await Self.select(db, user: user, list: item.list, kind: item.kind, id: item.id)?.createdAt ?? date
            try await Self.delete(db, user: user, list: item.list, kind: item.kind, id: item.id)
            try await db.insert(into: "saved_items").model(Row(stored, user: user), nilEncodingStrategy: .asNil).run()
            return try await Self.log(db, user, op: .upsert, list: item.list, kind: item.kind, id: item.id, item: stored, at: date)
        }
    }

    public func remove(list: SavedList, kind: SavedKind, id: String, for user: UserID, at date: Date) async throws
        -> ItemChange?
    {
        try await database.write { db in
            guard try await Self.select(db, user: user, list: list, kind: kind, id: id) != nil else { return nil }
            try await Self.delete(db, user: user, list: list, kind: kind, id: id)
            return try await Self.log(db, user, op: .delete, list: list, kind: kind, id: id, item: nil, at: date)
        }
    }

    public func clear(list: SavedList, kind: SavedKind?, for user: UserID, at date: Date) async throws -> ItemChange? {
        try await database.write { db in
            var query = db.select().column("item_id").from("saved_items").where("user_id", .equal, user.rawValue)
                .where("list", .equal, list.rawValue).limit(1)
            if let kind { query = query.where("kind", .equal, kind.rawValue) }
            guard try await query.first() != nil else { return nil }
            var delete = db.delete(from: "saved_items").where("user_id", .equal, user.rawValue)
                .where("list", .equal, list.rawValue)
            if let kind { delete = delete.where("kind", .equal, kind.rawValue) }
            try await delete.run()
            return try await Self.log(db, user, op: .clear, list: list, kind: kind, id: nil, item: nil, at: date)
        }
    }

    public func item(list: SavedList, kind: SavedKind, id: String, for user: UserID) async throws -> SavedItem? {
        try await Self.select(database.reader, user: user, list: list, kind: kind, id: id)
    }

    public func items(list: SavedList, for user: UserID) async throws -> [SavedItem] {
        try await database.reader.select().columns("*").from("saved_items").where("user_id", .equal, user.rawValue)
            .where("list", .equal, list.rawValue).orderBy("created_at", .descending).orderBy("kind", .descending)
            .orderBy("item_id", .descending).all(decoding: Row.self).compactMap(\.item)
    }

    public func changes(for user: UserID, after seq: Int64, limit: Int) async throws -> ChangeFeed {
        let db = database.reader
        let sequence = try await db.select().columns("latest", "compacted_through").from("change_sequences")
            .where("user_id", .equal, user.rawValue).first()
        let latest = try sequence?.decode(column: "latest", as: Int64.self) ?? 0
        let compactedThrough = try sequence?.decode(column: "compacted_through", as: Int64.self) ?? 0
        if seq < compactedThrough { return .compacted(latest: latest) }
        let rows = try await db.select().columns("*").from("change_log").where("user_id", .equal, user.rawValue)
            .where("seq", .greaterThan, seq).orderBy("seq").limit(limit).all(decoding: LogRow.self)
        let decoder = JSONDecoder()
        return .changes(try rows.map { try decoder.decode(ItemChange.self, from: Data($0.change.utf8)) }, latest: latest)
    }

    public func compact(for user: UserID, keeping keep: Int) async throws {
        try await database.write { db in
            guard
                let latest = try await db.select().column("latest").from("change_sequences")
                    .where("user_id", .equal, user.rawValue).first()?.decode(column: "latest", as: Int64.self),
                latest > Int64(keep)
            else { return }
            let through = latest - Int64(keep)
            try await db.delete(from: "change_log").where("user_id", .equal, user.rawValue)
                .where("seq", .lessThanOrEqual, through).run()
            try await db.update("change_sequences").set("compacted_through", to: through)
                .where("user_id", .equal, user.rawValue).where("compacted_through", .lessThan, through).run()
        }
    }

    private static func select(
        _ db: any SQLDatabase, user: UserID, list: SavedList, kind: SavedKind, id: String
    ) async throws -> SavedItem? {
        try await db.select().columns("*").from("saved_items").where("user_id", .equal, user.rawValue)
            .where("list", .equal, list.rawValue).where("kind", .equal, kind.rawValue).where("item_id", .equal, id)
            .first(decoding: Row.self)?.item
    }

    private static func delete(_ db: any SQLDatabase, user: UserID, list: SavedList, kind: SavedKind, id: String)
        async throws
    {
        try await db.delete(from: "saved_items").where("user_id", .equal, user.rawValue)
            .where("list", .equal, list.rawValue).where("kind", .equal, kind.rawValue).where("item_id", .equal, id).run()
    }

    /// Takes the user's next sequence number and writes the change under it, inside the caller's transaction.
    private static func log(
        _ db: any SQLDatabase, _ user: UserID, op: ItemChange.Operation, list: SavedList, kind: SavedKind?,
        id: String?, item: SavedItem?, at date: Date
    ) async throws -> ItemChange {
        let current = try await db.select().column("latest").from("change_sequences")
            .where("user_id", .equal, user.rawValue).first()?.decode(column: "latest", as: Int64.self)
        let seq = (current ?? 0) + 1
        if current == nil {
            try await db.insert(into: "change_sequences").columns("user_id", "latest", "compacted_through")
                .values(SQLBind(user.rawValue), SQLBind(seq), SQLBind(Int64(0))).run()
        } else {
            try await db.update("change_sequences").set("latest", to: seq).where("user_id", .equal, user.rawValue).run()
        }
        let change = ItemChange(seq: seq, op: op, list: list, kind: kind, id: id, item: item, at: date)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(change), as: UTF8.self)
        try await db.insert(into: "change_log").model(LogRow(user_id: user.rawValue, seq: seq, change: text)).run()
        return change
    }
}
