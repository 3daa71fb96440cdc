import Foundation
import MarqueeCore
package import MarqueeStore
import MarqueeWire

/// The opaque `cursor` of item pages: the last item's position, tied to the query it came from so a cursor
/// cannot be replayed against a different sort or filter. Inside (base64url): a JSON array of the query's
/// fingerprint and the position's value, list, kind and id.
package enum ItemCursor {
    /// The cursor that continues `query` after `position`.
    package static func encode(_ position: SavedItemPosition, for query: SavedItemQuery) -> String {
        let value =
            switch position.value {
            case .number(let number): "t\(number)"
            case .text(let text): "s" + text
            }
        let parts = [fingerprint(query), value, position.list.rawValue, position.kind.rawValue, position.id]
        let data = (try? JSONSerialization.data(withJSONObject: parts)) ?? Data()
        return data.base64URLEncoded()
    }

    /// The position a cursor continues from, or `items.bad_cursor`.
    package static func decode(_ text: String, for query: SavedItemQuery) throws -> SavedItemPosition {
        let invalid = DomainError(.badCursor, "This cursor is not valid for this list; start again without one.")
        guard text.count <= 2_000, let data = Data(base64URLEncoded: text),
            let parts = (try? JSONSerialization.jsonObject(with: data)) as? [String], parts.count == 5,
            parts[0] == fingerprint(query), let list = SavedList(rawValue: parts[2]),
            let kind = SavedKind(rawValue: parts[3]), let tag = parts[1].first
        else { throw invalid }
        let value: SavedItemPosition.Value
        switch tag {
        case "t":
            guard let number = Int64(parts[1].dropFirst()) else { throw invalid }
            value = .number(number)
        case "s": value = .text(String(parts[1].dropFirst()))
        default: throw invalid
        }
        return SavedItemPosition(value: value, list: list, kind: kind, id: parts[4])
    }

    private static func fingerprint(_ query: SavedItemQuery) -> String {
        [
            query.list?.rawValue ?? "*", query.kind?.rawValue ?? "*", query.sort.rawValue,
            query.descending ? "desc" : "asc",
            query.text ?? "",
        ].joined(separator: "|") + (query.watched.map { $0 ? "|watched" : "|unwatched" } ?? "")
    }
}
