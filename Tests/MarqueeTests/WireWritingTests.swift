import Foundation
import MarqueeCore
import MarqueeSaved
import MarqueeStore
import MarqueeStoreSQL
import MarqueeWire
import SQLKit
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

    @Test("RFC 3339 reading agrees with Foundation since 1900, and early dates read back exactly as they were written")
    func readingTimestamps() throws {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        var milliseconds: Int64 = -2_208_988_800_000
        for _ in 0..<2_000 {
            let text = RFC3339.milliseconds(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            let foundation = try style.parse(text).timeIntervalSince1970
            #expect(abs((RFC3339.date(text)?.timeIntervalSince1970 ?? 0) - foundation) < 1e-6, "\(text)")
            milliseconds += 2_634_567_123
        }
        for text in [
            "0000-01-01T00:00:00.000Z", "0001-01-01T00:00:00.000Z", "1500-01-01T00:00:00.000Z",
            "1582-10-14T12:00:00.000Z", "2000-02-29T23:59:59.999Z", "2024-02-29T00:00:00.000Z",
            "9999-12-31T23:59:59.000Z",
        ] {
            #expect(RFC3339.date(text).map(RFC3339.milliseconds) == text)
        }
        #expect(RFC3339.date("2026-11-22T07:30:00+01:00") == RFC3339.date("2026-11-22T06:30:00Z"))
        #expect(RFC3339.date("2026-11-22t05:00:00.5-01:30") == RFC3339.date("2026-11-22T06:30:00.500Z"))
        for bad in [
            "2026-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "1900-02-29T00:00:00Z", "2026-00-10T00:00:00Z",
            "2026-11-22T06:30:00", "2026-11-22 06:30:00Z", "2026-11-22T06:30:00.Z",
            "2026-11-22T24:00:00Z", "2026-11-22T06:30:00+0100", "2026-11-22", "+2026-11-22T06:30:00Z", "",
        ] {
            #expect(RFC3339.date(bad) == nil, "\(bad)")
        }
    }

    @Test("ItemJSON writes what the Codable form writes, and reads back as the same item, escapes included")
    func items() throws {
        let item = SavedItem(
            list: .watchlist, kind: .city, id: "geo:2759794",
            snapshot: ItemSnapshot(
                title: "Quote \" backslash \\ tab \t bell \u{07} é 日本 /slash", imageURL: "https://x.test/a.jpg",
                subtitle: "Line\nbreak", extra: ["latitude": "52.37", "longitude": "4.89"]),
            note: "A \"note\"\r\n", watchedAt: Date(timeIntervalSince1970: 1_700_000_000.25), rating: 8,
            createdAt: Date(timeIntervalSince1970: 1_690_000_000.5),
            updatedAt: Date(timeIntervalSince1970: 1_795_000_000))
        var json = JSONWriter()
        ItemJSON.write(item, to: &json)
        #expect(try WireJSON.makeDecoder().decode(SavedItem.self, from: Data(json.bytes)) == item)
        let codable = try WireJSON.makeEncoder().encode(item)
        #expect(JSONValue.parse(json.bytes) == JSONValue.parse(codable), "\(String(decoding: codable, as: UTF8.self))")
        let change = ItemChange(seq: 7, op: .clear, list: .favorites, kind: nil, id: nil, item: nil, at: item.createdAt)
        #expect(JSONValue.parse(ItemJSON.bytes(change))?.object?.keys.sorted() == ["at", "list", "op", "seq"])
    }

    @Test("A change's hand-written JSON (the wire's and the change log's) is its Codable form, whatever it holds")
    func changeLog() throws {
        let full = SavedItem(
            list: .watchlist, kind: .city, id: "geo:2759794",
            snapshot: ItemSnapshot(
                title: "Quote \" backslash \\ tab \t bell \u{07} é 日本 /slash", imageURL: "https://x.test/a.jpg",
                subtitle: "Line\nbreak", extra: ["latitude": "52.37", "longitude": "4.89", "é": "\"x\""]),
            note: "A \"note\"\r\n", watchedAt: Date(timeIntervalSince1970: 915_148_800.001), rating: 8,
            createdAt: Date(timeIntervalSince1970: 1_690_000_000.5),
            updatedAt: Date(timeIntervalSince1970: 1_795_000_000.123))
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
            let bytes = ItemJSON.bytes(change)
            #expect(try WireJSON.makeDecoder().decode(ItemChange.self, from: Data(bytes)) == change)
            #expect(JSONValue.parse(bytes) == JSONValue.parse(try WireJSON.makeEncoder().encode(change)))
        }
    }

    @Test("A database written before the change log took the wire form reads the same changes once migrated")
    func legacyChangeLog() async throws {
        let folder = TestSettings.makeDataDirectory()
        let path = folder + "/marquee.sqlite"
        try FileManager.default.copyItem(
            at: try Fixtures.url("databases/v14-change-log.sqlite"), to: URL(fileURLWithPath: path))
        let database = try await SQLiteDatabase.open(path: path, logger: TestSettings.quietLogger)
        try await Migrator(database: database).migrate(logger: TestSettings.quietLogger)
        let user = try #require(UserID("72ffdbfb-48c8-4818-a851-fa08c01b7322"))
        guard
            case .changes(let changes, let latest) = try await SQLSavedItemStore(database: database).changes(
                for: user, after: 0, limit: 100)
        else {
            Issue.record("the log reads as compacted")
            return
        }
        #expect(latest == 6 && changes.map(\.seq) == Array(1...6))
        // What the API answered for these changes before the migration, byte for byte as JSON values.
        let expected = JSONValue.parse(try Fixtures.data("databases/v14-changes.json"))
        let read =
            "[" + changes.map { String(decoding: ItemJSON.bytes($0), as: UTF8.self) }.joined(separator: ",") + "]"
        #expect(JSONValue.parse(Array(read.utf8)) == expected)
        await database.close()
    }

    @Test("A log entry in neither form is compacted away by the migration: a client from before it gets a snapshot")
    func unreadableChangeLogEntry() async throws {
        let folder = TestSettings.makeDataDirectory()
        let path = folder + "/marquee.sqlite"
        let fixture = try Fixtures.url("databases/v14-change-log.sqlite")
        try FileManager.default.copyItem(at: fixture, to: URL(fileURLWithPath: path))
        let database = try await SQLiteDatabase.open(path: path, logger: TestSettings.quietLogger)
        let user = "72ffdbfb-48c8-4818-a851-fa08c01b7322"
        try await database.write { db in
            try await db.raw("INSERT INTO change_log (user_id, seq, change) VALUES (\(bind: user), 7, '{not json')")
                .run()
            try await db.raw("UPDATE change_sequences SET latest = 7 WHERE user_id = \(bind: user)").run()
        }
        try await Migrator(database: database).migrate(logger: TestSettings.quietLogger)
        let store = SQLSavedItemStore(database: database)
        #expect(try await store.changes(for: try #require(UserID(user)), after: 0, limit: 100) == .compacted(latest: 7))
        await database.close()
    }
}
