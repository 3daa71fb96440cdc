import Foundation
import MarqueeCore

/// The CSV export: one row per saved item, for spreadsheets (the JSON export is the one to import back).
enum ItemCSV {
    static let header = ["list", "media_type", "id", "title", "subtitle", "note", "watched_at", "rating", "created_at",
        "updated_at", "image_url", "extra"]

    static func export(_ items: [SavedItem]) -> String {
        var text = header.joined(separator: ",") + "\r\n"
        for item in items {
            let fields = [
                item.list.rawValue, item.kind.rawValue, item.id, item.snapshot.title, item.snapshot.subtitle ?? "",
                item.note ?? "", item.watchedAt.map(RFC3339.milliseconds) ?? "", item.rating.map(String.init) ?? "",
                RFC3339.milliseconds(item.createdAt), RFC3339.milliseconds(item.updatedAt), item.snapshot.imageURL ?? "",
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

    /// RFC 4180 quoting; a leading `=`, `+`, `-`, `@`, tab or carriage return is prefixed with `'` so spreadsheets
    /// never run a note as a formula, and so is a leading `'`, so that importing the file takes off exactly the
    /// `'` added here.
    private static func quoted(_ field: String) -> String {
        var field = field
        if let first = field.unicodeScalars.first, "=+-@\t\r'".unicodeScalars.contains(first) { field = "'" + field }
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
