import Foundation
import MarqueeCore
import MarqueeWire

/// Marquee's own exports, JSON and CSV: each row names its list, kind and id, so nothing is looked up in the
/// catalog, and every field is checked by the same rules as the API's (a value the API would refuse makes the row
/// `invalid`, with the reason).
extension ItemImporter {
    /// One exported item, its fields as text as both exports carry them.
    struct ExportedRow {
        var position: Int
        var list: String?
        var kind: String?
        var id: String?
        var title: String?
        var subtitle: String?
        var imageURL: String?
        var extra: [String: String]?
        var note: String?
        var watchedAt: String?
        var rating: String?
        var createdAt: String?
        /// Fields that were there with a value of the wrong type.
        var unreadable: [String] = []
    }

    func importExport(_ text: String, for user: UserID) async throws -> ImportReport {
        let file: ExportFile
        do {
            file = try WireJSON.makeDecoder().decode(ExportFile.self, from: Data(text.utf8))
        } catch {
            throw DomainError(
                .invalidBody, "This JSON is not a Marquee export: it needs an items array of saved items.")
        }
        // Both are optional (a hand-made list of items is welcome), but a file that names another format, or a later
        // version whose fields may mean something else, is not read as this one.
        if let format = file.format, format != ExportFile.format {
            throw DomainError(
                .invalidBody,
                "This JSON says it is \"\(format.prefix(40))\", not a Marquee export (\(ExportFile.format)).")
        }
        if let version = file.version, version != ExportFile.version {
            throw DomainError(
                .invalidBody,
                "This export is version \(version); this server reads version \(ExportFile.version). Update the server, or export again from it."
            )
        }
        let items = file.items
        let rows = items.enumerated().map { index, item in item.row(at: index + 1) }
        return try await importRows(rows, format: .json, for: user)
    }

    func importMarqueeCSV(_ table: CSVTable, for user: UserID) async throws -> ImportReport {
        let rows = table.rows.map { row in
            var exported = ExportedRow(
                position: row.line, list: row.value("list"), kind: row.value("media_type"),
                id: row.value("id").map(ItemCSV.unguarded),
                title: row.value("title").map(ItemCSV.unguarded),
                subtitle: row.value("subtitle").map(ItemCSV.unguarded),
                imageURL: row.value("image_url"), note: row.text("note").map(ItemCSV.unguarded),
                watchedAt: row.value("watched_at"), rating: row.value("rating"), createdAt: row.value("created_at"))
            if let text = row.value("extra") {
                exported.extra = try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
                if exported.extra == nil { exported.unreadable.append("extra") }
            }
            return exported
        }
        return try await importRows(rows, format: .csv, for: user)
    }

    private func importRows(_ rows: [ExportedRow], format: Format, for user: UserID) async throws -> ImportReport {
        var report = try Self.report(format: format, list: nil, rows: rows.count)
        for row in rows {
            let checked: (list: SavedList, kind: SavedKind, id: String, edit: ItemEdit)
            do {
                checked = try check(row)
            } catch let error as DomainError {
                report.invalid.append(.init(row: row.position, title: row.title, reason: error.message))
                continue
            }
            do {
                guard
                    try await save(
                        checked.edit, list: checked.list, kind: checked.kind, id: checked.id, for: user, into: &report)
                else { break }
            } catch let error as DomainError where error.code != .storageUnavailable {
                // The row names something that cannot be saved as it is (a city no one knows, or one that cannot
                // be looked up right now): it is reported, and the rest of the file goes on.
                report.invalid.append(.init(row: row.position, title: row.title, reason: error.message))
            }
        }
        return report
    }

    private func check(_ row: ExportedRow) throws -> (list: SavedList, kind: SavedKind, id: String, edit: ItemEdit) {
        if !row.unreadable.isEmpty {
            throw DomainError(.invalidBody, "\(row.unreadable.joined(separator: ", ")) could not be read.")
        }
        let list = try ItemRules.list(try Self.required(row.list, "list"))
        let kind = try ItemRules.kind(try Self.required(row.kind, "media_type"))
        let id = try ItemRules.id(try Self.required(row.id, "id"), kind: kind)
        let snapshot = ItemSnapshot(
            title: try Self.required(row.title, "title"), imageURL: row.imageURL, subtitle: row.subtitle,
            extra: row.extra)
        var edit = ItemEdit(snapshot: try ItemRules.snapshot(snapshot))
        if let note = try row.note.flatMap(ItemRules.note) { edit.note = .set(note) }
        if row.watchedAt != nil || row.rating != nil { try ItemRules.checkWatchable(list: list, kind: kind) }
        if let text = row.watchedAt {
            edit.watchedAt = .set(try ItemRules.watchedAt(try ItemRules.time(text, field: "watched_at"), now: now()))
        }
        if let text = row.rating {
            guard let value = Double(text) else {
                throw DomainError(.badRating, "A rating is a whole number from 1 to 10.")
            }
            edit.rating = .set(try ItemRules.rating(value))
        }
        if let text = row.createdAt { edit.createdAt = try ItemRules.time(text, field: "created_at") }
        return (list, kind, id, edit)
    }

    private static func required(_ value: String?, _ field: String) throws -> String {
        guard let value, !value.isEmpty else { throw DomainError(.invalidBody, "The item has no \(field).") }
        return value
    }
}

/// A JSON export: only `items` is read.
private struct ExportFile: Decodable {
    static let format = ItemJSON.exportFormat
    static let version = ItemJSON.exportVersion

    var format: String?
    var version: Int?
    var items: [ExportedItem]
}

/// One item of a JSON export, read field by field so that one bad item is reported alone instead of failing the file.
private struct ExportedItem: Decodable {
    var row = ItemImporter.ExportedRow(position: 0)

    // Keys as the snake_case-converting decoder presents them.
    private enum Keys: String, CodingKey {
        case list, mediaType, id, snapshot, note, watchedAt, rating, createdAt
    }

    private enum SnapshotKeys: String, CodingKey {
        case title, subtitle, imageUrl, extra
    }

    init(from decoder: any Decoder) throws {
        guard let item = try? decoder.container(keyedBy: Keys.self) else {
            row.unreadable = ["the item"]
            return
        }
        row.list = row.text(item, .list, "list")
        row.kind = row.text(item, .mediaType, "media_type")
        row.id = row.value(item, .id, "id", as: ItemIDValue.self)?.text
        row.note = row.text(item, .note, "note")
        row.watchedAt = row.text(item, .watchedAt, "watched_at")
        row.createdAt = row.text(item, .createdAt, "created_at")
        row.rating = row.value(item, .rating, "rating", as: Double.self).map { String($0) }
        if item.contains(.snapshot) {
            guard let snapshot = try? item.nestedContainer(keyedBy: SnapshotKeys.self, forKey: .snapshot) else {
                row.unreadable.append("snapshot")
                return
            }
            row.title = row.text(snapshot, .title, "snapshot.title")
            row.subtitle = row.text(snapshot, .subtitle, "snapshot.subtitle")
            row.imageURL = row.text(snapshot, .imageUrl, "snapshot.image_url")
            row.extra = row.value(snapshot, .extra, "snapshot.extra", as: [String: String].self)
        }
    }

    func row(at position: Int) -> ItemImporter.ExportedRow {
        var row = row
        row.position = position
        return row
    }
}

extension ItemImporter.ExportedRow {
    fileprivate mutating func text<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key, _ name: String)
        -> String?
    {
        value(container, key, name, as: String.self)
    }

    /// A field's value: nil when absent or null, noted as unreadable when it holds something of another type.
    fileprivate mutating func value<Key: CodingKey, T: Decodable>(
        _ container: KeyedDecodingContainer<Key>, _ key: Key, _ name: String, as type: T.Type
    ) -> T? {
        guard container.contains(key), (try? container.decodeNil(forKey: key)) != true else { return nil }
        if let value = try? container.decode(T.self, forKey: key) { return value }
        unreadable.append(name)
        return nil
    }
}
