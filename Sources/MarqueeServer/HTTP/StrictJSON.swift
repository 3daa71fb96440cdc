/// Reads request bytes as JSON exactly as RFC 8259 writes it, which Foundation's parser is not strict about: it
/// takes trailing commas, and an object that names a key twice, where it and the decoder then disagree on which value
/// counts. Both are refused with the place they were found. On the way it notes the keys a route checks against the
/// fields it knows (`Outline`), so the body is not parsed once more for them.
struct StrictJSON {
    /// What is wrong, for the error message.
    struct Problem: Error, Equatable {
        let reason: String
    }

    /// The keys of the body's objects that field checks look at.
    struct Outline: Equatable {
        /// The top-level object's keys, in order; nil when the body is not an object.
        var keys: [String]?
        /// For each top-level key whose value is an object, or an array of objects: each of those objects' keys.
        var inner: [String: [[String]]] = [:]
        /// The top-level keys whose value is `null`.
        var nulls: Set<String> = []
    }

    /// Where a value stands, for the outline.
    private enum Place {
        case top
        /// The value of a top-level key.
        case member(String)
        /// An element of the array that is the value of a top-level key.
        case element(String)
        case deeper

        var isTop: Bool {
            if case .top = self { return true }
            return false
        }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var outline = Outline()
    private static let maxDepth = 64

    /// Throws `Problem` unless `bytes` hold exactly one JSON value (whitespace around it allowed).
    static func check(_ bytes: [UInt8]) throws -> Outline {
        var reader = StrictJSON(bytes: bytes)
        reader.skipWhitespace()
        try reader.value(depth: 0, at: .top)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.problem("unexpected text after the value") }
        return reader.outline
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var next: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func problem(_ reason: String) -> Problem { Problem(reason: "\(reason) at byte \(index + 1)") }

    private mutating func skipWhitespace() {
        while let byte = next, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard next == byte else { throw problem("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    private mutating func value(depth: Int, at place: Place) throws {
        guard depth < Self.maxDepth else { throw problem("nested too deeply") }
        switch next {
        case UInt8(ascii: "{"): try object(depth: depth, at: place)
        case UInt8(ascii: "["): try array(depth: depth, at: place)
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"):
            try literal("null")
            if case .member(let key) = place { outline.nulls.insert(key) }
        case .some(let byte) where byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39): try number()
        default: throw problem("expected a value")
        }
    }

    private mutating func object(depth: Int, at place: Place) throws {
        var keys: [String] = []
        var seen = Set<String>()
        try items(closing: UInt8(ascii: "}")) { reader in
            guard reader.next == UInt8(ascii: "\"") else { throw reader.problem("expected a key") }
            let key = try reader.string()
            guard seen.insert(key).inserted else { throw reader.problem("the key '\(key.prefix(40))' appears twice") }
            keys.append(key)
            reader.skipWhitespace()
            try reader.expect(UInt8(ascii: ":"))
            reader.skipWhitespace()
            try reader.value(depth: depth + 1, at: place.isTop ? .member(key) : .deeper)
        }
        switch place {
        case .top: outline.keys = keys
        case .member(let owner), .element(let owner): outline.inner[owner, default: []].append(keys)
        case .deeper: break
        }
    }

    private mutating func array(depth: Int, at place: Place) throws {
        let elements: Place = if case .member(let owner) = place { .element(owner) } else { .deeper }
        try items(closing: UInt8(ascii: "]")) { reader in try reader.value(depth: depth + 1, at: elements) }
    }

    /// The comma-separated items of an object or array, from its opening bracket to `close`, each read by `item`.
    /// A comma must stand between two items.
    private mutating func items(closing close: UInt8, _ item: (inout StrictJSON) throws -> Void) throws {
        index += 1
        skipWhitespace()
        if next == close {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            if next == close { throw problem("a comma before '\(Character(Unicode.Scalar(close)))'") }
            try item(&self)
            skipWhitespace()
            if next == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(close)
            return
        }
    }

    /// Reads a string and returns its text (escapes decoded), so that keys spelled differently compare as equal.
    private mutating func string() throws -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while let byte = next {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                scalars.append(try escape())
            case 0x00..<0x20:
                throw problem("a control character inside a string")
            default:
                run.append(byte)
            }
        }
        throw problem("a string that does not end")
    }

    private mutating func escape() throws -> Unicode.Scalar {
        guard let byte = next else { throw problem("a string that does not end") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            guard (0xD800...0xDBFF).contains(unit) else { return Unicode.Scalar(unit) ?? "\u{FFFD}" }
            // A high surrogate pairs with a following \u low surrogate; alone, it stands for nothing (as U+FFFD).
            guard next == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                return "\u{FFFD}"
            }
            index += 2
            let low = try hexUnit()
            guard (0xDC00...0xDFFF).contains(low) else { return "\u{FFFD}" }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
        default:
            throw problem("an unknown escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func hexUnit() throws -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = next, let digit = Self.hexValue(byte) else {
                throw problem("a \\u escape needs four hex digits")
            }
            unit = unit << 4 | digit
            index += 1
        }
        return unit
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected)
        else {
            throw problem("expected a value")
        }
        index += expected.count
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws {
        if next == UInt8(ascii: "-") { index += 1 }
        guard let first = next, first >= 0x30, first <= 0x39 else { throw problem("a number needs digits") }
        index += 1
        if first != 0x30 { digits() }
        if next == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw problem("a number needs digits after '.'") }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            index += 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw problem("a number needs digits in its exponent") }
        }
    }

    @discardableResult
    private mutating func digits() -> Int {
        let start = index
        while let byte = next, byte >= 0x30, byte <= 0x39 { index += 1 }
        return index - start
    }
}
