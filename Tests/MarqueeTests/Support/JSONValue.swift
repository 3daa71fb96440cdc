import Foundation

/// Any JSON value, keeping apart what Foundation's `Any` blurs on Linux: `true` is not `1`, and `1` is not `1.0`'s
/// double when a schema asks for an integer.
indirect enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses `bytes`, or nil when they are not JSON.
    static func parse(_ bytes: some Sequence<UInt8>) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The value as a double, for either kind of number.
    var double: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }
}
