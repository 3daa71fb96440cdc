import Foundation
import MarqueeCore
import MarqueeSaved
import MarqueeStore
import MarqueeWire
import NIOCore

/// The JSON bodies of the saved-items routes, written with `JSONWriter` (see `ItemJSON`).
enum ItemResponses {
    /// A cursor page: `{"next_cursor": …|null, "results": [...], "total_results": n, "weather"?: {…}}`.
    static func page(_ page: SavedItemPage, cursor: String?, weather: CitiesWeather? = nil) -> ByteBuffer {
        var json = JSONWriter(capacity: 512 * page.items.count + 64)
        json.object { json in
            if let cursor { json.member("next_cursor", cursor) } else { json.null("next_cursor") }
            json.key("results")
            json.array { json in for item in page.items { ItemJSON.write(item, to: &json) } }
            json.member("total_results", Int64(page.total))
            json.member("weather", json: weather.flatMap { try? Array(WireJSON.makeEncoder().encode($0)) })
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

    /// `GET /api/v1/me/changes`: the changes after `since` and the `since` of the next call (when the log cannot
    /// replay from there, `StreamedItems.changesSnapshot` answers instead).
    static func changes(_ changes: [ItemChange], latest: Int64, hasMore: Bool, next: ResumePoint) -> ByteBuffer {
        var json = JSONWriter()
        json.object { json in
            json.member("has_more", hasMore)
            json.member("latest_seq", latest)
            json.member("next_since", next.description)
            json.key("results")
            json.array { json in for change in changes { ItemJSON.write(change, to: &json) } }
        }
        return ByteBuffer(bytes: json.bytes)
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
