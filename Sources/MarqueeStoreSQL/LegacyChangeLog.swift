import Foundation
import MarqueeCore
import MarqueeWire
import SQLKit

/// The change log as Marquee wrote it up to schema 14 (`JSONEncoder`'s defaults for `ItemChange`: Swift property
/// names, dates as seconds since 2001), and the migration that rewrites it in the one form every change now has
/// (`ItemJSON`'s, the wire's).
enum LegacyChangeLog {
    private struct Change: Decodable {
        var seq: Int64
        var op: ItemChange.Operation
        var list: SavedList
        var kind: SavedKind?
        var id: String?
        var item: Item?
        var at: Double
    }

    private struct Item: Decodable {
        struct Snapshot: Decodable {
            var title: String
            var imageURL: String?
            var subtitle: String?
            var extra: [String: String]?
        }

        var list: SavedList
        var kind: SavedKind
        var id: String
        var snapshot: Snapshot
        var note: String?
        var watchedAt: Double?
        var rating: Int?
        var createdAt: Double
        var updatedAt: Double
    }

    // Named as the table names them.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct Row: Decodable {
        var user_id: String
        var seq: Int64
        var change: String
    }

    /// The change an entry of the old form holds; nil for one in the wire form already (or anything else).
    static func change(_ text: String) -> ItemChange? {
        guard let old = try? JSONDecoder().decode(Change.self, from: Data(text.utf8)) else { return nil }
        let date = { (seconds: Double) in Date(timeIntervalSinceReferenceDate: seconds) }
        let item = old.item.map { item in
            SavedItem(
                list: item.list, kind: item.kind, id: item.id,
                snapshot: ItemSnapshot(
                    title: item.snapshot.title, imageURL: item.snapshot.imageURL, subtitle: item.snapshot.subtitle,
                    extra: item.snapshot.extra),
                note: item.note, watchedAt: item.watchedAt.map(date), rating: item.rating,
                createdAt: date(item.createdAt), updatedAt: date(item.updatedAt))
        }
        return ItemChange(
            seq: old.seq, op: old.op, list: old.list, kind: old.kind, id: old.id, item: item, at: date(old.at))
    }

    /// Rewrites every entry of the old form, a batch at a time (in key order, so each batch is a seek). An entry in
    /// neither form could never be read back: the log is compacted past it, so a client resuming from before it
    /// gets a snapshot instead of a replay with a hole.
    static func rewrite(in db: any SQLDatabase) async throws {
        var after: (user: String, seq: Int64) = ("", 0)
        while true {
            let rows = try await db.raw(
                """
                SELECT user_id, seq, change FROM change_log WHERE (user_id, seq) > (\(bind: after.user), \(bind: after.seq))
                ORDER BY user_id, seq LIMIT 500
                """
            ).all(decoding: Row.self)
            guard let last = rows.last else { return }
            for row in rows {
                if let change = change(row.change) {
                    try await db.update("change_log")
                        .set("change", to: String(decoding: ItemJSON.bytes(change), as: UTF8.self))
                        .where("user_id", .equal, row.user_id).where("seq", .equal, row.seq).run()
                } else if (try? WireJSON.makeDecoder().decode(ItemChange.self, from: Data(row.change.utf8))) == nil {
                    try await compact(row.user_id, through: row.seq, in: db)
                }
            }
            after = (last.user_id, last.seq)
        }
    }

    private static func compact(_ user: String, through seq: Int64, in db: any SQLDatabase) async throws {
        try await db.delete(from: "change_log").where("user_id", .equal, user).where("seq", .lessThanOrEqual, seq).run()
        try await db.update("change_sequences").set("compacted_through", to: seq).where("user_id", .equal, user)
            .where("compacted_through", .lessThan, seq).run()
    }
}
