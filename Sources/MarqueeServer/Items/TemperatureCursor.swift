import MarqueeCore
import MarqueeStore
import MarqueeWire

/// The cursor of a list sorted by temperature: how many cities earlier pages showed, and a fingerprint of the
/// query, so that a cursor cannot be replayed against another filter or order (`items.bad_cursor`).
enum TemperatureCursor {
    static func cursor(offset: Int, fingerprint: String) -> String { "temperature-\(offset)-\(fingerprint)" }

    /// The offset `cursor` continues from, if it was made for the query of `fingerprint`.
    static func offset(_ cursor: String, for fingerprint: String) throws -> Int {
        let parts = cursor.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "temperature", let offset = Int(parts[1]),
            (0...SavedCitiesWeather.maxSortedCities).contains(offset), parts[2] == fingerprint
        else { throw DomainError(.badCursor, "This cursor is not valid for this list; start again without one.") }
        return offset
    }

    /// Eight hex digits (FNV-1a) of what decides the order: the list, the text filter and the direction.
    static func fingerprint(_ query: SavedItemQuery, ascending: Bool) -> String {
        let text = "\(query.list?.rawValue ?? "*")|\(query.text ?? "")|\(ascending ? "asc" : "desc")"
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
