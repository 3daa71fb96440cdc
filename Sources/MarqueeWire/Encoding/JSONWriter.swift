public import Foundation

/// Writes JSON by hand, for the few responses that are hot enough for `JSONEncoder`'s reflection to dominate
/// (saved-item pages, changes, live-stream frames). Output follows `WireJSON`: snake_case keys as given, `/` not
/// escaped, non-ASCII text as UTF-8.
public struct JSONWriter: Sendable {
    /// The UTF-8 bytes written so far.
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    /// Creates an empty writer.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// `{`, then `body` writes the members, then `}`.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// `[`, then `body` writes the elements, then `]`.
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member's key; the value written next belongs to it.
    public mutating func key(_ name: String) {
        separate()
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// `"key": value` for a value already written as JSON (by `WireJSON`'s encoder), left out when nil.
    public mutating func member(_ name: String, json value: [UInt8]?) {
        guard let value else { return }
        key(name)
        bytes.append(contentsOf: value)
        needsComma = true
    }

    /// `"key": value` for a string, left out when nil.
    public mutating func member(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    /// `"key": value` for a whole number, left out when nil.
    public mutating func member(_ name: String, _ value: Int64?) {
        guard let value else { return }
        key(name)
        number(value)
    }

    /// `"key": value` for a finite number with a fraction (the shortest text that reads back the same), left out
    /// when nil.
    public mutating func member(_ name: String, _ value: Double?) {
        guard let value, value.isFinite else { return }
        key(name)
        separate()
        bytes.append(contentsOf: value.description.utf8)
        needsComma = true
    }

    /// `"key": "2026-11-22T06:30:00.125Z"` (`RFC3339.milliseconds`), left out when nil.
    public mutating func member(_ name: String, timestamp date: Date?) {
        guard let date else { return }
        key(name)
        separate()
        bytes.append(UInt8(ascii: "\""))
        RFC3339.appendMilliseconds(date, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// `"key": true|false`.
    public mutating func member(_ name: String, _ value: Bool) {
        key(name)
        separate()
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
        needsComma = true
    }

    /// `"key": null`.
    public mutating func null(_ name: String) {
        key(name)
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// A whole number.
    public mutating func number(_ value: Int64) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    /// A string, escaped.
    public mutating func string(_ text: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Most text needs no escaping: copy the runs between escapes whole rather than byte by byte.
            var runStart = 0
            for (index, byte) in utf8.enumerated()
            where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                escape(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
        default:
            bytes.append(contentsOf: "u00".utf8)
            for nibble in [byte >> 4, byte & 0xF] {
                bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
            }
        }
    }

    private mutating func separate() {
        if needsComma {
            bytes.append(UInt8(ascii: ","))
            needsComma = false
        }
    }
}
