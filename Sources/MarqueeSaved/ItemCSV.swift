import Foundation
import MarqueeCore
package import MarqueeWire

/// The CSV export: one row per saved item, for spreadsheets, and the one place that knows how its values are
/// guarded against spreadsheet formulas (the importer takes the guard off again).
package enum ItemCSV {
    static let header = [
        "list", "media_type", "id", "title", "subtitle", "note", "watched_at", "rating", "created_at",
        "updated_at", "image_url", "extra",
    ]

    /// The CSV text of `items`, header line first.
    package static func export(_ items: [SavedItem]) -> String {
        headerLine + rows(items)
    }

    /// The CSV's first line: the column names.
    package static var headerLine: String { header.joined(separator: ",") + "\r\n" }

    /// A line per item, in the header's columns.
    package static func rows(_ items: [SavedItem]) -> String {
        var text = ""
        for item in items {
            let fields = [
                item.list.rawValue, item.kind.rawValue, item.id, item.snapshot.title, item.snapshot.subtitle ?? "",
                item.note ?? "", item.watchedAt.map(RFC3339.milliseconds) ?? "", item.rating.map(String.init) ?? "",
                RFC3339.milliseconds(item.createdAt), RFC3339.milliseconds(item.updatedAt),
                item.snapshot.imageURL ?? "",
                extra(item.snapshot.extra),
            ]
            text += fields.map(quoted).joined(separator: ",") + "\r\n"
        }
        return text
    }

    /// Kind-specific facts as a JSON object (`{"latitude":"52.37"}`), or nothing.
    private static func extra(_ fields: [String: String]?) -> String {
        guard let fields, !fields.isEmpty else { return "" }
        var json = JSONWriter()
        json.object { json in
            for key in fields.keys.sorted() { json.member(key, fields[key] ?? "") }
        }
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// A leading `=`, `+`, `-`, `@`, tab or carriage return is what spreadsheets run as a formula; a leading `'` is
    /// guarded too, so that `unguarded` takes off exactly the `'` that `guarded` put on.
    private static let guardedStarts = "=+-@\t\r'".unicodeScalars

    /// The value with `'` in front if it starts like a formula (or with `'`).
    static func guarded(_ field: String) -> String {
        guard let first = field.unicodeScalars.first, guardedStarts.contains(first) else { return field }
        return "'" + field
    }

    /// The value as it was before `guarded`.
    static func unguarded(_ field: String) -> String {
        guard field.hasPrefix("'"), let second = field.unicodeScalars.dropFirst().first, guardedStarts.contains(second)
        else { return field }
        return String(field.unicodeScalars.dropFirst())
    }

    /// Guarded, then quoted as RFC 4180 says.
    private static func quoted(_ field: String) -> String {
        let field = guarded(field)
        // By scalar: Swift reads "\r\n" as one Character, equal to neither "\r" nor "\n".
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
