import Foundation
package import MarqueeCore
import MarqueeStore

/// A change as the change log stores it: the text `JSONEncoder` with sorted keys writes for `ItemChange` (Codable's
/// property names, dates as seconds since 2001), which is what the log is read back with (`JSONDecoder`). Written
/// by hand because `JSONEncoder` took about 5% of a save's CPU time (perf under the peer benchmark's saves).
package enum ChangeLogJSON {
    /// The log text of `change`.
    package static func text(_ change: ItemChange) -> String {
        var json = JSONWriter(capacity: 384)
        json.object { json in
            json.member("at", change.at.timeIntervalSinceReferenceDate)
            json.member("id", change.id)
            if let item = change.item {
                json.key("item")
                write(item, to: &json)
            }
            json.member("kind", change.kind?.rawValue)
            json.member("list", change.list.rawValue)
            json.member("op", change.op.rawValue)
            json.member("seq", change.seq)
        }
        return String(decoding: json.bytes, as: UTF8.self)
    }

    private static func write(_ item: SavedItem, to json: inout JSONWriter) {
        json.object { json in
            json.member("createdAt", item.createdAt.timeIntervalSinceReferenceDate)
            json.member("id", item.id)
            json.member("kind", item.kind.rawValue)
            json.member("list", item.list.rawValue)
            json.member("note", item.note)
            json.member("rating", item.rating.map(Int64.init))
            json.key("snapshot")
            json.object { json in
                if let extra = item.snapshot.extra {
                    json.key("extra")
                    json.object { json in
                        for key in extra.keys.sorted() { json.member(key, extra[key]) }
                    }
                }
                json.member("imageURL", item.snapshot.imageURL)
                json.member("subtitle", item.snapshot.subtitle)
                json.member("title", item.snapshot.title)
            }
            json.member("updatedAt", item.updatedAt.timeIntervalSinceReferenceDate)
            json.member("watchedAt", item.watchedAt?.timeIntervalSinceReferenceDate)
        }
    }
}
