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
        return try SQLiteDataDecoder().decode(D.self, from: values[index])
    }
}

private struct SQLCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
