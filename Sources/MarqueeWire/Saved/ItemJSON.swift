/// Saved items and changes as JSON, written by hand (`JSONWriter`) because list pages, mutation answers, live-stream
/// frames and the change log are the hottest JSON Marquee writes. It writes exactly what `SavedItem`'s and
/// `ItemChange`'s `Codable` forms write through `WireJSON` (a test holds the two to each other), which is what they
/// read back.
public enum ItemJSON {
    /// The JSON export's `format`, which imports check.
    public static let exportFormat = "marquee-items"
    /// The JSON export's `version`: a file of another version is not read as this one.
    public static let exportVersion = 1

    /// One item: `{"created_at", "id", "list", "media_type", "note"?, "rating"?, "snapshot", "updated_at", "watched_at"?}`.
    public static func write(_ item: SavedItem, to json: inout JSONWriter) {
        json.object { json in
            json.member("created_at", timestamp: item.createdAt)
            json.member("id", item.id)
            json.member("list", item.list.rawValue)
            json.member("media_type", item.kind.rawValue)
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
                json.member("image_url", item.snapshot.imageURL)
                json.member("subtitle", item.snapshot.subtitle)
                json.member("title", item.snapshot.title)
            }
            json.member("updated_at", timestamp: item.updatedAt)
            json.member("watched_at", timestamp: item.watchedAt)
        }
    }

    /// One change: `{"at", "id"?, "item"?, "list", "media_type"?, "media_types"?, "op", "seq"}`.
    public static func write(_ change: ItemChange, to json: inout JSONWriter) {
        json.object { json in
            json.member("at", timestamp: change.at)
            json.member("id", change.id)
            if let item = change.item {
                json.key("item")
                write(item, to: &json)
            }
            json.member("list", change.list.rawValue)
            json.member("media_type", change.kind?.rawValue)
            // Kinds' raw values are plain lowercase words: nothing in them needs escaping.
            json.member(
                "media_types",
                json: change.kinds.map { Array("[\($0.map { "\"\($0.rawValue)\"" }.joined(separator: ","))]".utf8) })
            json.member("op", change.op.rawValue)
            json.member("seq", change.seq)
        }
    }

    /// The bytes of one change.
    public static func bytes(_ change: ItemChange) -> [UInt8] {
        var json = JSONWriter()
        write(change, to: &json)
        return json.bytes
    }
}
