import Foundation

/// Typed, tracked access to one JSON object's fields: what was never read is an unknown key.
struct Fields {
    private let object: [String: Any]
    private(set) var unread: Set<String>

    init(_ object: [String: Any]) {
        self.object = object
        self.unread = Set(object.keys)
    }

    private mutating func value(_ key: String) -> Any? {
        unread.remove(key)
        guard let value = object[key], !(value is NSNull) else { return nil }
        return value
    }

    /// A JSON number (JSON booleans also arrive as `NSNumber`, with the `c` type code, and are refused).
    private static func number(_ raw: Any) -> NSNumber? {
        guard let number = raw as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return number
    }

    mutating func optionalString(_ key: String) throws -> String? {
        guard let raw = value(key) else { return nil }
        guard let text = raw as? String else { throw LineMessage("\(key) must be a string") }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= 500 else { throw LineMessage("\(key) is longer than 500 characters") }
        return trimmed.isEmpty ? nil : trimmed
    }

    mutating func string(_ key: String) throws -> String {
        guard let text = try optionalString(key) else { throw LineMessage("\(key) is required") }
        return text
    }

    mutating func strings(_ key: String) throws -> [String] {
        guard let raw = value(key) else { return [] }
        guard let list = raw as? [Any], list.allSatisfy({ $0 is String }) else {
            throw LineMessage("\(key) must be a list of strings")
        }
        return list.compactMap { ($0 as? String)?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    mutating func stringMap(_ key: String) throws -> [String: String] {
        guard let raw = value(key) else { return [:] }
        guard let map = raw as? [String: Any], map.values.allSatisfy({ $0 is String }) else {
            throw LineMessage("\(key) must be an object of strings")
        }
        return map.compactMapValues { $0 as? String }
    }

    mutating func optionalObjects(_ key: String) throws -> [[String: Any]]? {
        guard let raw = value(key) else { return nil }
        guard let list = raw as? [[String: Any]] else { throw LineMessage("\(key) must be a list of objects") }
        return list
    }

    mutating func optionalCount(_ key: String) throws -> Int? {
        guard let raw = value(key) else { return nil }
        guard let number = Self.number(raw), let int = Int(exactly: number.doubleValue),
            (0...100_000).contains(int)
        else { throw LineMessage("\(key) must be a whole number from 0 to 100000") }
        return int
    }

    mutating func optionalID(_ key: String) throws -> Int? {
        guard let raw = value(key) else { return nil }
        guard let number = Self.number(raw), let int = Int(exactly: number.doubleValue),
            (1..<1_000_000_000).contains(int)
        else { throw LineMessage("\(key) must be a whole number from 1 to 999999999") }
        return int
    }

    mutating func optionalScore(_ key: String) throws -> Double? {
        guard let raw = value(key) else { return nil }
        guard let number = Self.number(raw), (0...10).contains(number.doubleValue) else {
            throw LineMessage("\(key) must be a number from 0 to 10")
        }
        return (number.doubleValue * 10).rounded() / 10
    }

    mutating func optionalIMDbID(_ key: String, prefix: String) throws -> String? {
        guard let text = try optionalString(key) else { return nil }
        guard text.hasPrefix(prefix), text.count >= 4, text.dropFirst(2).allSatisfy(\.isASCIIDigit) else {
            throw LineMessage("\(key) must look like \(prefix)0123456")
        }
        return text
    }

    mutating func optionalDate(_ key: String) throws -> CatalogDate? {
        guard let text = try optionalString(key) else { return nil }
        guard let date = CatalogDate(text) else { throw LineMessage("\(key) must be YYYY-MM-DD or YYYY") }
        return date
    }

    mutating func date(_ key: String) throws -> CatalogDate {
        guard let date = try optionalDate(key) else { throw LineMessage("\(key) is required") }
        return date
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
