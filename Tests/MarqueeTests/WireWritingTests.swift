import Foundation
import MarqueeCore
import MarqueeSaved
import MarqueeStore
import Testing

/// The hand-written JSON and timestamps of the hot paths say exactly what the Codable forms say.
@Suite("Hand-written wire format")
struct WireWritingTests {
    @Test("RFC 3339 with milliseconds matches Foundation's formatter, before and after 1970 and across leap days")
    func timestamps() {
        // Stored times are whole milliseconds; half a millisecond away from them both formatters agree.
        var milliseconds: Int64 = -2_208_988_800_500
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSince1970: (Double(milliseconds) + 0.25) / 1000)
            #expect(RFC3339.milliseconds(date) == date.formatted(style))
            milliseconds += 2_634_567_123
        }
        #expect(RFC3339.milliseconds(Date(timeIntervalSince1970: 951_782_400.007)) == "2000-02-29T00:00:00.007Z")
    }

    @Test("ItemJSON decodes to the same item as the Codable wire form, escapes included")
    func items() throws {
        let item = SavedItem(
            list: .watchlist, kind: .city, id: "geo:2759794",
            snapshot: ItemSnapshot(
                title: "Quote \" backslash \\ tab \t bell \u{07} é 日本 /slash", imageURL: "https://x.test/a.jpg",
                subtitle: "Line\nbreak", extra: ["latitude": "52.37", "longitude": "4.89"]),
            note: "A \"note\"\r\n", watchedAt: Date(timeIntervalSince1970: 1_700_000_000.25), rating: 8,
            createdAt: Date(timeIntervalSince1970: 1_690_000_000.5), updatedAt: Date(timeIntervalSince1970: 1_795_000_000))
        var json = JSONWriter()
        ItemJSON.write(item, to: &json)
        let decoded = try WireJSON.makeDecoder().decode(SavedItemWire.self, from: Data(json.bytes))
        #expect(decoded == SavedItemWire(item))
        let change = ItemChange(seq: 7, op: .clear, list: .favorites, kind: nil, id: nil, item: nil, at: item.createdAt)
        let object = try JSONSerialization.jsonObject(with: Data(ItemJSON.bytes(change))) as? [String: Any]
        #expect(object?.keys.sorted() == ["at", "list", "op", "seq"])
    }

    @Test("The change log's hand-written text reads back as the same change, whatever it holds")
    func changeLog() throws {
        let full = SavedItem(
            list: .watchlist, kind: .city, id: "geo:2759794",
            snapshot: ItemSnapshot(
                title: "Quote \" backslash \\ tab \t bell \u{07} é 日本 /slash", imageURL: "https://x.test/a.jpg",
                subtitle: "Line\nbreak", extra: ["latitude": "52.37", "longitude": "4.89", "é": "\"x\""]),
            note: "A \"note\"\r\n", watchedAt: Date(timeIntervalSince1970: 915_148_800.001), rating: 8,
            createdAt: Date(timeIntervalSince1970: 1_690_000_000.5), updatedAt: Date(timeIntervalSince1970: 1_795_000_000.123))
        let bare = SavedItem(
            list: .favorites, kind: .movie, id: "603", snapshot: ItemSnapshot(title: "The Matrix"),
            createdAt: Date(timeIntervalSince1970: 1_700_000_000.007))
        let at = Date(timeIntervalSince1970: 1_764_000_000.999)
        let changes = [
            ItemChange(seq: 1, op: .upsert, list: .watchlist, kind: .city, id: full.id, item: full, at: at),
            ItemChange(seq: 2, op: .upsert, list: .favorites, kind: .movie, id: bare.id, item: bare, at: at),
            ItemChange(seq: 3, op: .delete, list: .favorites, kind: .movie, id: "603", item: nil, at: at),
            ItemChange(seq: 9_007_199_254_740_993, op: .clear, list: .watchlist, kind: nil, id: nil, item: nil, at: at),
        ]
        for change in changes {
            let text = ChangeLogJSON.text(change)
            #expect(try JSONDecoder().decode(ItemChange.self, from: Data(text.utf8)) == change, "\(text)")
        }
    }
}
