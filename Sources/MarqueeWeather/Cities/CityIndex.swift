import Foundation
import MarqueeCore

/// Every city of the embedded index, and the names they are found by: each city's folded name and alternate names
/// (`CityFolding`), as UTF-8 keys sorted bytewise, so that the cities whose names start with a prefix are one range
/// found by binary search. Built once at start-up, read-only after.
package final class CityIndex: Sendable {
    /// Most populous first: a smaller position means a bigger city, which is how equally good matches are ranked.
    package let cities: [CityRecord]
    /// Country names by ISO code.
    package let countries: [String: String]
    /// US state names by postal code.
    package let usStates: [String: String]
    let keys: KeyTable
    private let positions: [Int: Int]

    init(cities: [CityRecord], keys: KeyTable, countries: [String: String], usStates: [String: String]) {
        self.cities = cities
        self.keys = keys
        self.countries = countries
        self.usStates = usStates
        positions = Dictionary(cities.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The city with GeoNames id `id`, if the index has it.
    package func city(id: Int) -> CityRecord? {
        positions[id].map { cities[$0] }
    }

    /// The city with GeoNames id `id`, or `weather.city_not_found`.
    package func existingCity(id: Int) throws -> CityRecord {
        guard let city = city(id: id) else { throw DomainError(.cityNotFound, "There is no city with id \(id).") }
        return city
    }

    /// The name of the country with ISO code `code`.
    package func countryName(_ code: String) -> String? { countries[code] }

    /// The name of the city's first-level region, where the index knows it (US states).
    package func regionName(of city: CityRecord) -> String? {
        city.countryCode == "US" ? usStates[city.regionCode] : nil
    }
}

/// The search keys: one byte buffer, and an entry per key (where it is, which city), sorted by key bytes.
struct KeyTable: Sendable {
    struct Entry: Sendable {
        let start: UInt32
        let length: UInt16
        /// The city's position in `CityIndex.cities`.
        let city: UInt32
        /// Whether this is the city's own name, rather than one of its alternate names.
        let isName: Bool
    }

    let bytes: [UInt8]
    let entries: [Entry]

    /// The entries whose keys start with `prefix`.
    func range(startingWith prefix: [UInt8]) -> Range<Int> {
        let lower = firstIndex { compare($0, prefix, prefixOnly: false) >= 0 }
        let upper = firstIndex { compare($0, prefix, prefixOnly: true) > 0 }
        return lower..<max(lower, upper)
    }

    /// Whether entry `index`'s key is `key` exactly.
    func equals(_ index: Int, _ key: [UInt8]) -> Bool {
        Int(entries[index].length) == key.count && compare(entries[index], key, prefixOnly: false) == 0
    }

    /// Whether a prefix of entry `index`'s key is one edit from `query` (a letter replaced, added, dropped, or two
    /// neighbours swapped), comparing bytes: meant for queries in ASCII.
    func isOneEditFromPrefix(_ index: Int, _ query: [UInt8]) -> Bool {
        let entry = entries[index]
        return bytes.withUnsafeBufferPointer { buffer in
            let key = UnsafeBufferPointer(rebasing: buffer[Int(entry.start)..<Int(entry.start) + Int(entry.length)])
            let count = query.count
            var first = 0
            while first < count, first < key.count, query[first] == key[first] { first += 1 }
            // The key is the query, or starts with it, or is the query without its last letter.
            if first == count { return true }
            if first == key.count { return count - key.count == 1 }
            func same(_ queryFrom: Int, _ keyFrom: Int, _ length: Int) -> Bool {
                guard length > 0 else { return length == 0 }
                guard keyFrom + length <= key.count else { return false }
                for offset in 0..<length where query[queryFrom + offset] != key[keyFrom + offset] { return false }
                return true
            }
            let rest = count - first - 1
            return same(first + 1, first + 1, rest)  // replaced
                || same(first + 1, first, rest)  // a letter too many
                || same(first, first + 1, rest + 1)  // a letter missing
                || (first + 1 < count && first + 1 < key.count && query[first] == key[first + 1]
                    && same(first + 1, first, 1)
                    && same(first + 2, first + 2, rest - 1))  // two swapped
        }
    }

    /// The first entry for which `isAtOrPast` holds (it holds for every entry after it too).
    private func firstIndex(where isAtOrPast: (Entry) -> Bool) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrPast(entries[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Compares an entry's key with `other` bytewise; with `prefixOnly`, only the key's first `other.count` bytes.
    private func compare(_ entry: Entry, _ other: [UInt8], prefixOnly: Bool) -> Int {
        let start = Int(entry.start)
        let length = prefixOnly ? min(Int(entry.length), other.count) : Int(entry.length)
        return bytes.withUnsafeBufferPointer { buffer in
            other.withUnsafeBufferPointer { query in
                let shared = min(length, query.count)
                let order = shared == 0 ? 0 : memcmp(buffer.baseAddress! + start, query.baseAddress!, shared)
                if order != 0 { return Int(order) }
                return length - (prefixOnly ? min(length, query.count) : query.count)
            }
        }
    }
}
