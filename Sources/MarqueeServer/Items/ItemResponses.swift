import Foundation
import MarqueeCore
import MarqueeSaved
import MarqueeStore
import NIOCore

/// The JSON bodies of the saved-items routes, written with `JSONWriter` (see `ItemJSON`).
enum ItemResponses {
    /// A cursor page: `{"next_cursor": …|null, "results": [...], "total_results": n}`.
    static func page(_ page: SavedItemPage, cursor: String?) -> ByteBuffer {
        var json = JSONWriter(capacity: 512 * page.items.count + 64)
        json.object { json in
            if let cursor { json.member("next_cursor", cursor) } else { json.null("next_cursor") }
            json.key("results")
            json.array { json in for item in page.items { ItemJSON.write(item, to: &json) } }
            json.member("total_results", Int64(page.total))
        }
        return ByteBuffer(bytes: json.bytes)
    }

    static func item(_ item: SavedItem) -> ByteBuffer {
        var json = JSONWriter()
        ItemJSON.write(item, to: &json)
        return ByteBuffer(bytes: json.bytes)
    }

    static func change(_ change: ItemChange) -> ByteBuffer {
        ByteBuffer(bytes: ItemJSON.bytes(change))
    }

    /// `GET /api/v1/me/changes`: the changes after `since`, or a snapshot when the log cannot replay from there, and
    /// the `since` of the next call.
    static func changes(
        _ changes: [ItemChange], latest: Int64, hasMore: Bool, next: ResumePoint, snapshot: Snapshot?
    ) -> ByteBuffer {
        var json = JSONWriter()
        json.object { json in
            json.member("has_more", hasMore)
            json.member("latest_seq", latest)
            json.member("next_since", next.description)
            json.key("results")
            json.array { json in for change in changes { ItemJSON.write(change, to: &json) } }
            if let snapshot {
                json.key("snapshot")
                write(snapshot, to: &json)
            }
        }
        return ByteBuffer(bytes: json.bytes)
    }

    /// `GET /api/v1/me/export?format=json`.
    static func export(_ items: [SavedItem], seq: Int64, at date: Date) -> ByteBuffer {
        var json = JSONWriter(capacity: 512 * items.count + 128)
        json.object { json in
            json.member("exported_at", RFC3339.string(date))
            json.member("format", ItemJSON.exportFormat)
            json.key("items")
            json.array { json in for item in items { ItemJSON.write(item, to: &json) } }
            json.member("seq", seq)
            json.member("version", Int64(ItemJSON.exportVersion))
        }
        return ByteBuffer(bytes: json.bytes)
    }

    /// Everything saved and the sequence it reflects: `{"items": [...], "reason": …, "seq": n}`.
    struct Snapshot {
        let items: [SavedItem]
        /// The latest change it reflects.
        let point: ResumePoint
        let reason: SnapshotReason
    }

    static func write(_ snapshot: Snapshot, to json: inout JSONWriter) {
        json.object { json in
            json.key("items")
            json.array { json in for item in snapshot.items { ItemJSON.write(item, to: &json) } }
            json.member("reason", snapshot.reason.rawValue)
            json.member("seq", snapshot.point.seq)
        }
    }
}

/// Why a snapshot was sent instead of changes.
enum SnapshotReason: String {
    /// The client gave no point to resume from.
    case start
    /// The log no longer reaches back to the client's point.
    case compacted
    /// The client's point is not one of the server's log: ahead of it, or a number the log now gives to another
    /// change (a restored or different database).
    case reset
}
