package import Foundation

extension CityIndex {
    /// Why the embedded index could not be read (a packaging fault).
    package struct LoadError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The index that ships with Marquee (`Resources/cities`, derived by `scripts/derive-cities.py`).
    package static func embedded() throws -> CityIndex {
        guard let folder = Bundle.module.url(forResource: "cities", withExtension: nil) else {
            throw LoadError(description: "The embedded city index is missing.")
        }
        return try load(from: folder)
    }

    /// Reads `cities.tsv`, `countries.tsv` and `us-states.tsv` from `folder`.
    package static func load(from folder: URL) throws -> CityIndex {
        let table = try Data(contentsOf: folder.appending(path: "cities.tsv"))
        var cities: [CityRecord] = []
        var keyBytes: [UInt8] = []
        var entries: [KeyTable.Entry] = []
        cities.reserveCapacity(34_100)
        keyBytes.reserveCapacity(table.count / 2)
        entries.reserveCapacity(220_000)
        for (number, line) in table.split(separator: UInt8(ascii: "\n")).enumerated() {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard fields.count == 10, let id = Int(text(fields[0])), let latitude = Double(text(fields[5])),
                let longitude = Double(text(fields[6])), let population = Int(text(fields[7]))
            else { throw LoadError(description: "cities.tsv line \(number + 1) is not a city.") }
            let position = UInt32(cities.count)
            cities.append(
                CityRecord(
                    id: id, name: text(fields[1]), countryCode: text(fields[3]), regionCode: text(fields[4]),
                    latitude: latitude, longitude: longitude, population: population, timezone: text(fields[8])))
            func addKey(_ key: Data.SubSequence, isName: Bool) {
                guard !key.isEmpty, key.count <= Int(UInt16.max) else { return }
                entries.append(
                    .init(
                        start: UInt32(keyBytes.count), length: UInt16(key.count), city: position, isName: isName))
                keyBytes.append(contentsOf: key)
            }
            addKey(fields[2], isName: true)
            for alternate in fields[9].split(separator: UInt8(ascii: "|")) { addKey(alternate, isName: false) }
        }
        let sorted = sortedEntries(entries, bytes: keyBytes)
        return CityIndex(
            cities: cities, keys: KeyTable(bytes: keyBytes, entries: sorted),
            countries: try pairs(folder.appending(path: "countries.tsv")),
            usStates: try pairs(folder.appending(path: "us-states.tsv")))
    }

    /// Entries by key bytes, then by city (most populous first).
    private static func sortedEntries(_ entries: [KeyTable.Entry], bytes: [UInt8]) -> [KeyTable.Entry] {
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            return entries.sorted { left, right in
                let shared = Int(min(left.length, right.length))
                let order = memcmp(base + Int(left.start), base + Int(right.start), shared)
                if order != 0 { return order < 0 }
                if left.length != right.length { return left.length < right.length }
                return left.city < right.city
            }
        }
    }

    private static func pairs(_ file: URL) throws -> [String: String] {
        let lines = String(decoding: try Data(contentsOf: file), as: UTF8.self).split(separator: "\n")
        return Dictionary(
            lines.compactMap { line in
                let parts = line.split(separator: "\t", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            }, uniquingKeysWith: { first, _ in first })
    }

    private static func text(_ bytes: Data.SubSequence) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
