/// What an edit does to one field: leaves it as it is, clears it, or sets it. (A PATCH body says these apart by
/// leaving the field out, sending `null`, or sending a value.)
public enum FieldChange<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The field stays as it is.
    case keep
    /// The field is removed (or goes back to its default).
    case clear
    /// The field becomes `Value`.
    case set(Value)
}

extension FieldChange {
    /// The same change, of `transform`'s value.
    func map<Other: Sendable & Equatable>(_ transform: (Value) -> Other) -> FieldChange<Other> {
        switch self {
        case .keep: .keep
        case .clear: .clear
        case .set(let value): .set(transform(value))
        }
    }
}

extension KeyedEncodingContainer {
    /// Writes `change`: nothing for `.keep`, `null` for `.clear`, the value for `.set`.
    mutating func encodeChange<Value: Encodable>(_ change: FieldChange<Value>, forKey key: Key) throws {
        switch change {
        case .keep: break
        case .clear: try encodeNil(forKey: key)
        case .set(let value): try encode(value, forKey: key)
        }
    }
}
