import Foundation
import HummingbirdCore

extension URI {
    /// The first value of `name` in the query, read as an HTML form writes it (`application/x-www-form-urlencoded`):
    /// `+` is a space and `%2B` a plus. Hummingbird's `queryParameters` leaves `+` as it is, so a search for two words
    /// typed into a form would look for "Black+Swan". A value whose escapes are not UTF-8 is returned undecoded.
    func formValue(_ name: String) -> String? {
        rawFormValue(name).map { raw in
            // Most values (list=favorites, sort=title) have nothing to decode: no need to go through Foundation.
            guard raw.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
                return String(raw)
            }
            let spaced = raw.replacingOccurrences(of: "+", with: " ")
            return spaced.removingPercentEncoding ?? spaced
        }
    }

    /// The first value of `name` in the query, still escaped.
    func rawFormValue(_ name: String) -> Substring? {
        formPairs.first { $0.key == name }?.value
    }

    /// The query's `key=value` pairs in order, as they are written (nothing decoded).
    var formPairs: some Sequence<(key: Substring, value: Substring)> {
        // Split as bytes (the separators are ASCII): split by Characters, a 60 KiB query cost the server a
        // millisecond each time a route read one of its parameters.
        (query ?? "").utf8.split(separator: UInt8(ascii: "&")).lazy.map { bytes in
            let pair = Substring(bytes)
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return (pair, pair[pair.endIndex...]) }
            return (pair[..<equals], pair[pair.index(after: equals)...])
        }
    }
}
