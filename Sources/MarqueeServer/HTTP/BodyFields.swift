import Synchronization

/// The JSON fields a `Decodable` body type reads, taken from its own decoding: `JSONBody` refuses any other field,
/// so the list a route accepts cannot drift from the type it decodes into.
///
/// The type is decoded once from a decoder that holds no data: it answers every question with a placeholder (every
/// key present, never `null`, empty strings, zeros, one element per array) and writes down each key it is asked for.
/// Keys come out in snake_case, as the API spells them. A type whose decoding gives up on a placeholder (a check
/// that throws) yields the keys it asked for before that; `BodyFieldsTests` pins each route's list.
struct BodyFields: Equatable, Sendable {
    /// The body object's own fields.
    var top: Set<String> = []
    /// For each field that holds an object, or an array of objects, the fields those objects have.
    var nested: [String: Set<String>] = [:]

    /// The fields `type` reads (worked out on the first request a type is read for).
    static func of<T: Decodable>(_ type: T.Type) -> BodyFields {
        let key = ObjectIdentifier(type)
        if let known = known.withLock({ $0[key] }) { return known }
        let recorder = Recorder()
        _ = try? T(from: RecordingDecoder(recorder: recorder, codingPath: []))
        known.withLock { $0[key] = recorder.fields }
        return recorder.fields
    }

    /// What `of` found, by type: a type's fields do not change while the server runs.
    private static let known = Mutex<[ObjectIdentifier: BodyFields]>([:])

    static func snakeCase(_ name: String) -> String {
        name.reduce(into: "") { result, character in
            if character.isUppercase { result += "_" + character.lowercased() } else { result.append(character) }
        }
    }

    /// Where the keys are written down; used by one decoding on one thread.
    fileprivate final class Recorder {
        var fields = BodyFields()

        func asked(_ key: some CodingKey, at path: [any CodingKey]) {
            let name = BodyFields.snakeCase(key.stringValue)
            // Objects nest by name; an array's positions are not names.
            let names = path.filter { $0.intValue == nil }
            switch names.count {
            case 0: fields.top.insert(name)
            case 1: fields.nested[BodyFields.snakeCase(names[0].stringValue), default: []].insert(name)
            default: break  // Deeper objects are checked by their own types.
            }
        }
    }
}

private struct RecordingDecoder: Decoder {
    let recorder: BodyFields.Recorder
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RecordingKeyedContainer<Key>(recorder: recorder, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedDecodingContainer {
        RecordingUnkeyedContainer(recorder: recorder, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueDecodingContainer {
        RecordingValue(recorder: recorder, codingPath: codingPath)
    }
}

private struct RecordingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: BodyFields.Recorder
    let codingPath: [any CodingKey]
    // No data, so no key can be listed: a type that reads whatever keys it is sent (a free-form map) records none.
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool {
        recorder.asked(key, at: codingPath)
        return true
    }

    func decodeNil(forKey key: Key) -> Bool {
        recorder.asked(key, at: codingPath)
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        recorder.asked(key, at: codingPath)
        return try T(from: RecordingDecoder(recorder: recorder, codingPath: codingPath + [key]))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
        -> KeyedDecodingContainer<NestedKey>
    {
        recorder.asked(key, at: codingPath)
        return RecordingDecoder(recorder: recorder, codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedDecodingContainer {
        recorder.asked(key, at: codingPath)
        return RecordingUnkeyedContainer(recorder: recorder, codingPath: codingPath + [key])
    }

    func superDecoder() -> any Decoder {
        RecordingDecoder(recorder: recorder, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) -> any Decoder {
        recorder.asked(key, at: codingPath)
        return RecordingDecoder(recorder: recorder, codingPath: codingPath + [key])
    }
}

/// An array of one element.
private struct RecordingUnkeyedContainer: UnkeyedDecodingContainer {
    let recorder: BodyFields.Recorder
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { 1 }
    var isAtEnd: Bool { currentIndex >= 1 }

    init(recorder: BodyFields.Recorder, codingPath: [any CodingKey]) {
        self.recorder = recorder
        self.codingPath = codingPath
    }

    mutating func decodeNil() -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        return try T(from: RecordingDecoder(recorder: recorder, codingPath: codingPath + [Position()]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<
        NestedKey
    > {
        currentIndex += 1
        return RecordingDecoder(recorder: recorder, codingPath: codingPath + [Position()]).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return RecordingUnkeyedContainer(recorder: recorder, codingPath: codingPath + [Position()])
    }

    mutating func superDecoder() -> any Decoder {
        currentIndex += 1
        return RecordingDecoder(recorder: recorder, codingPath: codingPath + [Position()])
    }

    private struct Position: CodingKey {
        var stringValue: String { "0" }
        var intValue: Int? { 0 }
        init() {}
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }
}

/// A leaf: the placeholder of each type.
private struct RecordingValue: SingleValueDecodingContainer {
    let recorder: BodyFields.Recorder
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) -> Bool { false }
    func decode(_ type: String.Type) -> String { "" }
    func decode(_ type: Double.Type) -> Double { 0 }
    func decode(_ type: Float.Type) -> Float { 0 }
    func decode(_ type: Int.Type) -> Int { 0 }
    func decode(_ type: Int8.Type) -> Int8 { 0 }
    func decode(_ type: Int16.Type) -> Int16 { 0 }
    func decode(_ type: Int32.Type) -> Int32 { 0 }
    func decode(_ type: Int64.Type) -> Int64 { 0 }
    func decode(_ type: UInt.Type) -> UInt { 0 }
    func decode(_ type: UInt8.Type) -> UInt8 { 0 }
    func decode(_ type: UInt16.Type) -> UInt16 { 0 }
    func decode(_ type: UInt32.Type) -> UInt32 { 0 }
    func decode(_ type: UInt64.Type) -> UInt64 { 0 }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: RecordingDecoder(recorder: recorder, codingPath: codingPath))
    }
}
