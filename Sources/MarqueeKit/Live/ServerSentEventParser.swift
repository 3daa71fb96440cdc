/// One event of a `text/event-stream`, as dispatched at the blank line that ends it.
struct ServerSentEvent: Sendable, Equatable {
    /// What `event:` named, or `message` when the event named nothing.
    var type: String
    /// The values of its `data:` lines, joined with `\n`.
    var data: String
    /// The `id:` this event carried itself; nil when it carried none. (The feed keeps its own resume point from
    /// these, rather than the spec's last event id, which carries over to later events.)
    var id: String?
}

/// Reads `text/event-stream` bytes as they arrive, in chunks cut anywhere (inside a line, a `\r\n` or a UTF-8
/// sequence), following the WHATWG rules: `\n`, `\r\n` and `\r` end lines; a leading byte order mark is skipped; a
/// line starting with `:` is a comment; a line without `:` is a field with an empty value; unknown fields are
/// ignored; an event without `data:` is not dispatched; an unfinished event at the end of the stream is dropped.
///
/// Lines and events are bounded by `limit` bytes, so that a broken or hostile server cannot make the client buffer
/// without end; after it throws, the parser's state is undefined and the connection should be dropped.
struct ServerSentEventParser {
    /// What one chunk produced, in stream order.
    enum Output: Sendable, Equatable {
        /// A complete event.
        case event(ServerSentEvent)
        /// A comment line's text, without the `:` and one space after it (`: heartbeat` gives `heartbeat`). Servers
        /// send comments to keep quiet connections alive, so a reader's idle timer should count them.
        case comment(String)
        /// A `retry:` field: how long to wait before reconnecting, in milliseconds.
        case retry(Int)
    }

    /// A line, or an event's data, grew past the limit.
    struct TooLong: Error, Equatable {
        /// The limit, in bytes.
        var limit: Int
    }

    /// The longest line, and the most data one event may gather, in bytes.
    let limit: Int

    private var line: [UInt8] = []
    /// A `\r` ended the previous chunk: a `\n` starting the next belongs to it.
    private var afterCarriageReturn = false
    private var atStreamStart = true
    private var eventType: String?
    private var eventID: String?
    private var data: [UInt8] = []
    private var hasData = false

    /// A parser for one stream. Marquee's snapshots come in parts of about 64 KB, far below the default of 8 MiB.
    init(limit: Int = 8 << 20) {
        self.limit = limit
    }

    /// Reads `chunk` and returns what it completed; what is unfinished waits for the next chunk.
    mutating func parse(_ chunk: some Collection<UInt8>) throws(TooLong) -> [Output] {
        var output: [Output] = []
        let parsed: Result<Void, TooLong>? = chunk.withContiguousStorageIfAvailable { bytes in
            Result { () throws(TooLong) in try parse(bytes, into: &output) }
        }
        if let parsed {
            try parsed.get()
        } else {
            let bytes = Array(chunk)
            try bytes.withUnsafeBufferPointer { buffer throws(TooLong) in try parse(buffer, into: &output) }
        }
        return output
    }

    private mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [Output]) throws(TooLong) {
        var index = 0
        if afterCarriageReturn, !bytes.isEmpty {
            afterCarriageReturn = false
            if bytes[0] == .lineFeed { index = 1 }
        }
        var lineStart = index
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == .lineFeed || byte == .carriageReturn else {
                index += 1
                continue
            }
            try appendToLine(UnsafeBufferPointer(rebasing: bytes[lineStart..<index]))
            try endLine(into: &output)
            index += 1
            if byte == .carriageReturn {
                if index == bytes.count {
                    afterCarriageReturn = true
                } else if bytes[index] == .lineFeed {
                    index += 1
                }
            }
            lineStart = index
        }
        try appendToLine(UnsafeBufferPointer(rebasing: bytes[lineStart..<bytes.count]))
    }

    private mutating func appendToLine(_ bytes: UnsafeBufferPointer<UInt8>) throws(TooLong) {
        guard !bytes.isEmpty else { return }
        guard line.count + bytes.count <= limit else { throw TooLong(limit: limit) }
        line.append(contentsOf: bytes)
    }

    private mutating func endLine(into output: inout [Output]) throws(TooLong) {
        defer { line.removeAll(keepingCapacity: line.capacity <= 64 << 10) }
        var text = line[...]
        if atStreamStart {
            atStreamStart = false
            if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        }
        guard let first = text.first else {
            dispatch(into: &output)
            return
        }
        if first == .colon {
            output.append(.comment(String(decoding: Self.value(text.dropFirst()), as: UTF8.self)))
            return
        }
        let colon = text.firstIndex(of: .colon)
        let name = text[..<(colon ?? text.endIndex)]
        let value = colon.map { Self.value(text[text.index(after: $0)...]) } ?? []
        if name.elementsEqual("data".utf8) {
            guard data.count + value.count + 1 <= limit else { throw TooLong(limit: limit) }
            if hasData { data.append(.lineFeed) }
            data.append(contentsOf: value)
            hasData = true
        } else if name.elementsEqual("event".utf8) {
            eventType = String(decoding: value, as: UTF8.self)
        } else if name.elementsEqual("id".utf8) {
            // The spec ignores an id containing NUL, which could not be sent back in a header.
            guard !value.contains(0) else { return }
            let id = String(decoding: value, as: UTF8.self)
            eventID = id
        } else if name.elementsEqual("retry".utf8) {
            guard !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }),
                let milliseconds = Int(
                    String(decoding: value, as: UTF8.self))
            else { return }
            output.append(.retry(milliseconds))
        }
    }

    private mutating func dispatch(into output: inout [Output]) {
        defer {
            eventType = nil
            eventID = nil
            data.removeAll(keepingCapacity: data.capacity <= 64 << 10)
            hasData = false
        }
        guard hasData else { return }
        let type = eventType.flatMap { $0.isEmpty ? nil : $0 } ?? "message"
        output.append(.event(ServerSentEvent(type: type, data: String(decoding: data, as: UTF8.self), id: eventID)))
    }

    /// A field's value: what follows the colon, less one leading space.
    private static func value(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        text.first == .space ? text.dropFirst() : text
    }
}

extension UInt8 {
    fileprivate static let lineFeed = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let space = UInt8(ascii: " ")
}
