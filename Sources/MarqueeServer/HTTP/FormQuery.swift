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
        (query ?? "").split(separator: "&").lazy.map { pair in
            let key = pair.prefix { $0 != "=" }
            return (key, pair.dropFirst(key.count + 1))
        }
    }
}
