import MarqueeStore
import SQLKit
import SQLiteKit
import SQLiteNIO

/// A result row of `SQLiteHandle`, readable through SQLKit (values decode as SQLiteKit decodes them).
struct SQLiteResultRow: SQLRow {
    let columns: [String]
    let values: [SQLiteData]

    var allColumns: [String] { columns }

    func contains(column: String) -> Bool { columns.contains(column) }

    func decodeNil(column: String) throws -> Bool {
        guard let index = columns.firstIndex(of: column) else { return true }
        return values[index] == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let index = columns.firstIndex(of: column) else {
            throw DecodingError.keyNotFound(
                SQLCodingKey(stringValue: column), .init(codingPath: [], debugDescription: "No column '\(column)'"))
        }
        // The common cases directly: SQLiteKit's decoder goes through Codable machinery for every value.
        switch values[index] {
        case .text(let text) where D.self == String.self: return text as! D
        case .integer(let number) where D.self == Int64.self: return Int64(number) as! D
        case .integer(let number) where D.self == Int.self: return Int(number) as! D
        case .float(let number) where D.self == Double.self: return number as! D
        default: return try SQLiteDataDecoder().decode(D.self, from: values[index])
        }
    }
}

private struct SQLCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
