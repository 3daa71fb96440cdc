package import Logging

/// A `LogHandler` that writes control characters in messages and metadata as escapes (`\n`, `\u{1B}`) before
/// handing them on, so that a value a client chose (an OAuth `error`, a path, a header) can never start a line of
/// its own, forge another entry or send terminal codes to whoever reads the log.
package struct EscapingLogHandler: LogHandler {
    private var base: any LogHandler

    /// Wraps `base`.
    package init(_ base: any LogHandler) {
        self.base = base
    }

    package var logLevel: Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }

    package var metadata: Logger.Metadata {
        get { base.metadata }
        set { base.metadata = newValue.mapValues(Self.escaped) }
    }

    package var metadataProvider: Logger.MetadataProvider? {
        get { base.metadataProvider }
        set { base.metadataProvider = newValue }
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { base[metadataKey: key] }
        set { base[metadataKey: key] = newValue.map(Self.escaped) }
    }

    package func log(event: LogEvent) {
        var event = event
        event.message = Logger.Message(stringLiteral: Self.escaped(event.message.description))
        var metadata = event.metadata?.mapValues(Self.escaped) ?? [:]
        if let error = event.error {
            metadata["error"] = .string(Self.escaped("\(error)"))
            event.error = nil
        }
        event.metadata = metadata.isEmpty ? nil : metadata
        base.log(event: event)
    }

    static func escaped(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): .string(escaped(text))
        case .stringConvertible(let convertible): .string(escaped(convertible.description))
        case .array(let values): .array(values.map(escaped))
        case .dictionary(let values): .dictionary(values.mapValues(escaped))
        }
    }

    /// `text` with every control character (C0, DEL, C1, and the line and paragraph separators) escaped, and
    /// backslashes doubled, so that an escape in the log always means what it says.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\\" || needsEscape($0) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where needsEscape(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
