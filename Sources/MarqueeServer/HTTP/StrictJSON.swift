/// Checks that request bytes are JSON exactly as RFC 8259 writes it, which Foundation's parser is not strict about:
/// it takes trailing commas, and an object that names a key twice, where it and the decoder then disagree on which
/// value counts. Both are refused with the place they were found.
struct StrictJSON {
    /// What is wrong, for the error message.
    struct Problem: Error, Equatable {
        let reason: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private static let maxDepth = 64

    /// Throws `Problem` unless `bytes` hold exactly one JSON value (whitespace around it allowed).
    static func check(_ bytes: [UInt8]) throws {
        var reader = StrictJSON(bytes: bytes)
        reader.skipWhitespace()
        try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.problem("unexpected text after the value") }
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

    private mutating func value(depth: Int) throws {
        guard depth < Self.maxDepth else { throw problem("nested too deeply") }
        switch next {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case .some(let byte) where byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39): try number()
        default: throw problem("expected a value")
        }
    }

    private mutating func object(depth: Int) throws {
        index += 1
        var keys = Set<String>()
        skipWhitespace()
        if next == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            guard next == UInt8(ascii: "\"") else {
                throw problem(next == UInt8(ascii: "}") ? "a comma before '}'" : "expected a key")
            }
            let key = try string()
            guard keys.insert(key).inserted else { throw problem("the key '\(key.prefix(40))' appears twice") }
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            try value(depth: depth + 1)
            skipWhitespace()
            if next == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"))
            return
        }
    }

    private mutating func array(depth: Int) throws {
        index += 1
        skipWhitespace()
        if next == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            if next == UInt8(ascii: "]") { throw problem("a comma before ']'") }
            try value(depth: depth + 1)
            skipWhitespace()
            if next == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"))
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
            guard let byte = next, let digit = Self.hexValue(byte) else { throw problem("a \\u escape needs four hex digits") }
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
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
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
