package import Foundation
package import MarqueeCore
package import MarqueeStore
package import MarqueeWire
import SQLKit

/// A `SavedItemStore` in the `saved_items`, `change_log` and `change_sequences` tables.
package struct SQLSavedItemStore: SavedItemStore {
    private let database: any Database

    /// Creates a store over `database` (migrated).
    package init(database: any Database) {
        self.database = database
    }

    package func upsert(
        list: SavedList, kind: SavedKind, id: String, for user: UserID, at date: Date, limit: Int,
        _ edit: @escaping @Sendable (SavedItem?) throws -> SavedItem
    ) async throws -> SavedItemUpsert {
        let date = Milliseconds.rounded(date)
        return try await database.write { db in
            try await lockItems(of: user, db)
            let existing = try await Self.select(db, user: user, list: list, kind: kind, id: id)
            let stored = try edit(existing).upserted(list: list, kind: kind, id: id, replacing: existing, at: date)
            // The same content again is logged, but the row is left as it was (times included).
            let unchanged = existing.flatMap { stored.hasSameContent(as: $0) ? $0 : nil }
            if unchanged == nil { try await Self.write(stored, for: user, replacing: existing != nil, db) }
            let (seq, count) = try await Self.nextSequence(db, user, countChange: existing == nil ? 1 : 0)
            if existing == nil, count > limit { throw SavedItemLimitReached(limit: limit) }
            let change = try await log(
                db, user,
                ItemChange(seq: seq, op: .upsert, list: list, kind: kind, id: id, item: unchanged ?? stored, at: date))
            return SavedItemUpsert(change: change, created: existing == nil)
        }
    }

    package func remove(list: SavedList, kind: SavedKind, id: String, for user: UserID, at date: Date) async throws
        -> ItemChange?
    {
        let date = Milliseconds.rounded(date)
        return try await database.write { db in
            try await lockItems(of: user, db)
            let removed = try await db.raw(
                """
                DELETE FROM saved_items WHERE user_id = \(bind: user.rawValue) AND list = \(bind: list.rawValue)
                AND kind = \(bind: kind.rawValue) AND item_id = \(bind: id) RETURNING item_id
                """
            ).all()
            guard !removed.isEmpty else { return nil }
            let (seq, _) = try await Self.nextSequence(db, user, countChange: -1)
            return try await log(
                db, user, ItemChange(seq: seq, op: .delete, list: list, kind: kind, id: id, item: nil, at: date))
        }
    }

    package func clear(list: SavedList, kinds: [SavedKind]?, for user: UserID, at date: Date) async throws
        -> ItemChange?
    {
        let date = Milliseconds.rounded(date)
        return try await database.write { db in
            try await lockItems(of: user, db)
            var delete: SQLQueryString =
                "DELETE FROM saved_items WHERE user_id = \(bind: user.rawValue) AND list = \(bind: list.rawValue)"
            if let kinds { delete += " AND kind IN (\(binds: kinds.map(\.rawValue)))" }
            let removed = try await db.raw(delete + " RETURNING item_id").all().count
            guard removed > 0 else { return nil }
            let (seq, _) = try await Self.nextSequence(db, user, countChange: -removed)
            return try await log(
                db, user, ItemChange.clear(seq: seq, list: list, kinds: kinds, at: date))
        }
    }

    package func item(list: SavedList, kind: SavedKind, id: String, for user: UserID) async throws -> SavedItem? {
        try await Self.select(database.reader, user: user, list: list, kind: kind, id: id)
    }

    package func page(_ query: SavedItemQuery, for user: UserID) async throws -> SavedItemPage {
        let wanted = query.limit == .max ? nil : query.limit
        var items = try await rows(query, for: user, limit: wanted.map { $0 + 1 })
        var next: SavedItemPosition?
        if let wanted, items.count > wanted {
            items.removeLast(items.count - wanted)
            next = items.last?.position(for: query.sort)
        }
        let total: Int
        if next == nil, query.after == nil {
            total = items.count
        } else {
            total =
                try await database.reader.raw(
                    "SELECT COUNT(*) AS n FROM saved_items WHERE \(Self.conditions(query, user: user))"
                ).first()?.decode(column: "n", as: Int.self) ?? 0
        }
        return SavedItemPage(items: items, next: next, total: total)
    }

    package func batch(for user: UserID, after position: SavedItemPosition?, limit: Int) async throws -> [SavedItem] {
        try await rows(SavedItemQuery(sort: .created, descending: false, after: position), for: user, limit: limit)
    }

    /// The items `query` selects, in its order, from its position on, at most `limit`.
    private func rows(_ query: SavedItemQuery, for user: UserID, limit: Int?) async throws -> [SavedItem] {
        let db = database.reader
        // Written out, never from input; absent ratings and watch dates sort as `SavedItem.position` reads them.
        let column =
            switch query.sort {
            case .created: "created_at"
            case .updated: "updated_at"
            case .title: "title_key"
            case .rating: "COALESCE(rating, 0)"
            case .watched: "COALESCE(watched_at, \(SavedItemQuery.Sort.neverWatched))"
            }
        let direction = query.descending ? "DESC" : "ASC"
        let conditions = Self.conditions(query, user: user)
        var select: SQLQueryString = "SELECT * FROM saved_items WHERE \(conditions)"
        if let after = query.after {
            let op = query.descending ? "<" : ">"
            let value: any Encodable & Sendable =
                switch after.value {
                case .number(let number): number
                case .text(let text): text
                }
            select +=
                " AND (\(unsafeRaw: column) \(unsafeRaw: op) \(bind: value) OR (\(unsafeRaw: column) = \(bind: value) AND (list, kind, item_id) \(unsafeRaw: op) (\(bind: after.list.rawValue), \(bind: after.kind.rawValue), \(bind: after.id))))"
        }
        select +=
            " ORDER BY \(unsafeRaw: column) \(unsafeRaw: direction), list \(unsafeRaw: direction), kind \(unsafeRaw: direction), item_id \(unsafeRaw: direction)"
        if let limit { select += " LIMIT \(literal: limit)" }
        return try await db.raw(select).all().compactMap(SavedItemRow.item)
    }

    package func lists(containing pairs: [SavedItemKey], for user: UserID) async throws -> [SavedItemKey: Set<
        SavedList
    >] {
        guard !pairs.isEmpty else { return [:] }
        let wanted = Set(pairs)
        let rows = try await database.reader.select().columns("list", "kind", "item_id").from("saved_items")
            .where("user_id", .equal, user.rawValue).where("item_id", .in, Array(Set(pairs.map(\.id))))
            .all(decoding: KeyRow.self)
        var result: [SavedItemKey: Set<SavedList>] = [:]
        for row in rows {
            guard let kind = SavedKind(rawValue: row.kind), let list = SavedList(rawValue: row.list) else { continue }
            let key = SavedItemKey(kind: kind, id: row.item_id)
            if wanted.contains(key) { result[key, default: []].insert(list) }
        }
        return result
    }

    package func latest(for user: UserID) async throws -> Int64 {
        let latest = try await Self.sequence(database.reader, user)?.latest ?? 0
        try await database.settle()
        return latest
    }

    package func count(for user: UserID) async throws -> Int {
        Int(try await Self.sequence(database.reader, user)?.itemCount ?? 0)
    }

    package func changes(for user: UserID, after seq: Int64, limit: Int) async throws -> ChangeFeed {
        let feed = try await readChanges(for: user, after: seq, limit: limit)
        try await database.settle()
        return feed
    }

    private func readChanges(for user: UserID, after seq: Int64, limit: Int) async throws -> ChangeFeed {
        let db = database.reader
        let sequence = try await Self.sequence(db, user)
        let latest = sequence?.latest ?? 0
        if seq < sequence?.compactedThrough ?? 0 { return .compacted(latest: latest) }
        let rows = try await db.select().columns("seq", "change").from("change_log").where(
            "user_id", .equal, user.rawValue
        )
        .where("seq", .greaterThan, seq).orderBy("seq").limit(limit).all(decoding: LogRow.self)
        // A compaction between the two reads shows as a gap: report it as compacted rather than skip changes.
        if let first = rows.first, first.seq != seq + 1 { return .compacted(latest: latest) }
        if rows.isEmpty, seq < latest { return .compacted(latest: latest) }
        return .changes(
            try rows.map { try Self.changeDecoder.decode(ItemChange.self, from: Data($0.change.utf8)) }, latest: latest)
    }

    package func compact(for user: UserID, keeping keep: Int) async throws {
        try await database.write { db in
            try await lockItems(of: user, db)
            guard let latest = try await Self.sequence(db, user)?.latest, latest > Int64(keep) else { return }
            let through = latest - Int64(keep)
            try await db.delete(from: "change_log").where("user_id", .equal, user.rawValue)
                .where("seq", .lessThanOrEqual, through).run()
            try await db.update("change_sequences").set("compacted_through", to: through)
                .where("user_id", .equal, user.rawValue).where("compacted_through", .lessThan, through).run()
        }
    }

    package func move(from source: UserID, to target: UserID, at date: Date, limit: Int) async throws -> [ItemChange] {
        let date = Milliseconds.rounded(date)
        return try await database.write { db in
            try await database.lock([.items(source), .items(target)], in: db)
            let moving = try await db.select().columns("*").from("saved_items").where(
                "user_id", .equal, source.rawValue
            )
            .orderBy("created_at").all().compactMap(SavedItemRow.item)
            var changes: [ItemChange] = []
            for item in moving {
                let existing = try await Self.select(db, user: target, list: item.list, kind: item.kind, id: item.id)
                guard let stored = existing.map({ $0.merging(item) }) ?? item else { continue }
                try await Self.write(stored, for: target, replacing: existing != nil, db)
                let (seq, count) = try await Self.nextSequence(db, target, countChange: existing == nil ? 1 : 0)
                // Thrown inside the transaction: nothing of the move is kept.
                if existing == nil, count > limit { throw SavedItemLimitReached(limit: limit) }
                changes.append(
                    try await log(
                        db, target,
                        ItemChange(
                            seq: seq, op: .upsert, list: item.list, kind: item.kind, id: item.id, item: stored, at: date
                        )))
            }
            return changes
        }
    }

    // MARK: Statements

    /// JSON for snapshots' extra fields (with sorted keys, so equal values are equal text). One of each, made once:
    /// a save and a page of items would otherwise make their own.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
    static let decoder = JSONDecoder()
    /// Reads the change log, whose entries are changes in their wire form (`ItemJSON` writes them).
    static let changeDecoder = WireJSON.makeDecoder()

    /// Makes one person's writes take turns across connections and instances: each reads, then writes, their
    /// items and sequence number.
    private func lockItems(of user: UserID, _ db: any SQLDatabase) async throws {
        try await database.lock(.items(user), in: db)
    }

    // Named as the table or the wire names them.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct KeyRow: Decodable {
        var list: String
        var kind: String
        var item_id: String
    }

    private struct LogRow: Decodable {
        var seq: Int64
        var change: String
    }

    private struct SequenceRow: Decodable {
        var latest: Int64
        var compactedThrough: Int64
        var itemCount: Int64

        enum CodingKeys: String, CodingKey {
            case latest
            case compactedThrough = "compacted_through"
            case itemCount = "item_count"
        }
    }

    /// The `WHERE` conditions of a query: the person, then its filters.
    private static func conditions(_ query: SavedItemQuery, user: UserID) -> SQLQueryString {
        var conditions: SQLQueryString = "user_id = \(bind: user.rawValue)"
        if let list = query.list { conditions += " AND list = \(bind: list.rawValue)" }
        if let kind = query.kind { conditions += " AND kind = \(bind: kind.rawValue)" }
        if let watched = query.watched {
            conditions += watched ? " AND watched_at IS NOT NULL" : " AND watched_at IS NULL"
        }
        if let text = query.text, !text.isEmpty {
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_")
            conditions += " AND search_text LIKE \(bind: "%\(escaped)%") ESCAPE '\\'"
        }
        return conditions
    }

    // The statements every save and list page runs are written out rather than built: building and serialising a
    // query with SQLKit's builders cost about a fifth of a save's CPU time (measured with perf under
    // bench/run-peers' load).

    private static func select(
        _ db: any SQLDatabase, user: UserID, list: SavedList, kind: SavedKind, id: String
    ) async throws -> SavedItem? {
        try await db.raw(
            """
            SELECT * FROM saved_items WHERE user_id = \(bind: user.rawValue) AND list = \(bind: list.rawValue)
            AND kind = \(bind: kind.rawValue) AND item_id = \(bind: id)
            """
        ).first().flatMap(SavedItemRow.item)
    }

    /// Inserts the item's row, or replaces the existing one.
    private static func write(_ item: SavedItem, for user: UserID, replacing: Bool, _ db: any SQLDatabase) async throws
    {
        let row = SavedItemRow(item, user: user)
        guard replacing else {
            return try await db.raw(
                """
                INSERT INTO saved_items (user_id, list, kind, item_id, title, image_url, subtitle, extra, title_key,
                search_text, note, watched_at, rating, created_at, updated_at)
                VALUES (\(bind: row.user_id), \(bind: row.list), \(bind: row.kind), \(bind: row.item_id), \(bind: row.title),
                \(bind: row.image_url), \(bind: row.subtitle), \(bind: row.extra), \(bind: row.title_key),
                \(bind: row.search_text), \(bind: row.note), \(bind: row.watched_at), \(bind: row.rating),
                \(bind: row.created_at), \(bind: row.updated_at))
                """
            ).run()
        }
        try await db.raw(
            """
            UPDATE saved_items SET title = \(bind: row.title), image_url = \(bind: row.image_url),
            subtitle = \(bind: row.subtitle), extra = \(bind: row.extra), title_key = \(bind: row.title_key),
            search_text = \(bind: row.search_text), note = \(bind: row.note), watched_at = \(bind: row.watched_at),
            rating = \(bind: row.rating), created_at = \(bind: row.created_at), updated_at = \(bind: row.updated_at)
            WHERE user_id = \(bind: row.user_id) AND list = \(bind: row.list) AND kind = \(bind: row.kind)
            AND item_id = \(bind: row.item_id)
            """
        ).run()
    }

    private static func sequence(_ db: any SQLDatabase, _ user: UserID) async throws -> SequenceRow? {
        try await db.select().columns("latest", "compacted_through", "item_count").from("change_sequences")
            .where("user_id", .equal, user.rawValue).first(decoding: SequenceRow.self)
    }

    /// Takes the user's next sequence number and adjusts their item count, inside the caller's transaction.
    private static func nextSequence(_ db: any SQLDatabase, _ user: UserID, countChange: Int) async throws
        -> (seq: Int64, count: Int)
    {
        let row = try await db.raw(
            """
            INSERT INTO change_sequences (user_id, latest, compacted_through, item_count)
            VALUES (\(bind: user.rawValue), 1, 0, \(bind: Int64(max(0, countChange))))
            ON CONFLICT (user_id) DO UPDATE SET latest = change_sequences.latest + 1,
                item_count = change_sequences.item_count + \(bind: Int64(countChange))
            RETURNING latest, item_count
            """
        ).first()
        guard let row else { throw SQLSavedItemStoreError.noSequence }
        return (
            try row.decode(column: "latest", as: Int64.self), Int(try row.decode(column: "item_count", as: Int64.self))
        )
    }

    /// Appends the change to the person's log and, when other instances share the database, tells them at commit.
    private func log(_ db: any SQLDatabase, _ user: UserID, _ change: ItemChange) async throws -> ItemChange {
        let text = String(decoding: ItemJSON.bytes(change), as: UTF8.self)
        try await db.raw(
            "INSERT INTO change_log (user_id, seq, change) VALUES (\(bind: user.rawValue), \(bind: change.seq), \(bind: text))"
        ).run()
        try await database.bus?.send(ItemChangeNotice(user: user, seq: change.seq).message, in: db)
        return change
    }
}

private enum SQLSavedItemStoreError: Error {
    /// The sequence upsert returned no row (it always does on SQLite and PostgreSQL).
    case noSequence
}

// Named as the table or the wire names them.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// A `saved_items` row.
struct SavedItemRow {
    var user_id: String
    var list: String
    var kind: String
    var item_id: String
    var title: String
    var image_url: String?
    var subtitle: String?
    /// The snapshot's kind-specific fields as a JSON object, or nil when there are none.
    var extra: String?
    var title_key: String
    var search_text: String
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
        title = item.snapshot.title
        image_url = item.snapshot.imageURL
        subtitle = item.snapshot.subtitle
        extra = item.snapshot.extra.flatMap { try? SQLSavedItemStore.encoder.encode($0) }.map {
            String(decoding: $0, as: UTF8.self)
        }
        title_key = item.snapshot.title.searchFolded
        search_text = [item.snapshot.title, item.note ?? ""].joined(separator: "\n").searchFolded
        note = item.note
        watched_at = item.watchedAt.map(Milliseconds.from)
        rating = item.rating.map(Int64.init)
        created_at = Milliseconds.from(item.createdAt)
        updated_at = Milliseconds.from(item.updatedAt)
    }

    /// The item in a `saved_items` row, read column by column (lists read many rows; `Codable` row decoding
    /// costs several times more). Nil for a row this version cannot read.
    static func item(_ row: any SQLRow) -> SavedItem? {
        guard let list = (try? row.decode(column: "list", as: String.self)).flatMap(SavedList.init(rawValue:)),
            let kind = (try? row.decode(column: "kind", as: String.self)).flatMap(SavedKind.init(rawValue:)),
            let id = try? row.decode(column: "item_id", as: String.self),
            let title = try? row.decode(column: "title", as: String.self),
            let created = try? row.decode(column: "created_at", as: Int64.self),
            let updated = try? row.decode(column: "updated_at", as: Int64.self)
        else { return nil }
        func optional<T: Decodable>(_ column: String, _ type: T.Type) -> T? {
            (try? row.decodeNil(column: column)) == false ? try? row.decode(column: column, as: T.self) : nil
        }
        let snapshot = ItemSnapshot(
            title: title, imageURL: optional("image_url", String.self), subtitle: optional("subtitle", String.self),
            extra: optional("extra", String.self).flatMap {
                try? SQLSavedItemStore.decoder.decode([String: String].self, from: Data($0.utf8))
            })
        return SavedItem(
            list: list, kind: kind, id: id, snapshot: snapshot, note: optional("note", String.self),
            watchedAt: optional("watched_at", Int64.self).map(Milliseconds.date),
            rating: optional("rating", Int64.self).map(Int.init), createdAt: Milliseconds.date(created),
            updatedAt: Milliseconds.date(updated))
    }
}
