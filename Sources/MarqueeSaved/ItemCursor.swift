import Foundation
import MarqueeCore
public import MarqueeStore

/// The opaque `cursor` of item pages: the last item's position, tied to the query it came from so a cursor
/// cannot be replayed against a different sort or filter.
public enum ItemCursor {
    private struct Payload: Codable {
        var position: SavedItemPosition
        var query: String
    }

    /// The cursor that continues `query` after `position`.
    public static func encode(_ position: SavedItemPosition, for query: SavedItemQuery) -> String {
        let data = (try? JSONEncoder().encode(Payload(position: position, query: fingerprint(query)))) ?? Data()
        return data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The position a cursor continues from, or `items.bad_cursor`.
    public static func decode(_ text: String, for query: SavedItemQuery) throws -> SavedItemPosition {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard text.count <= 1_000, let data = Data(base64Encoded: base64),
            let payload = try? JSONDecoder().decode(Payload.self, from: data), payload.query == fingerprint(query)
        else {
            throw DomainError(.badCursor, "This cursor is not valid for this list; start again without one.")
        }
        return payload.position
    }

    private static func fingerprint(_ query: SavedItemQuery) -> String {
        [query.list?.rawValue ?? "*", query.kind?.rawValue ?? "*", query.text ?? "", query.sort.rawValue,
            query.descending ? "desc" : "asc"].joined(separator: "|")
    }
}
