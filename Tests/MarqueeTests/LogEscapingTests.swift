import Logging
import MarqueeServer
import Testing

/// Values clients choose reach the log, but never as lines, entries or terminal codes of their own.
@Suite("Log escaping")
struct LogEscapingTests {
    @Test("Control characters in messages, metadata and errors are written as escapes")
    func escapes() {
        let capture = LogCapture()
        var logger = Logger(label: "test") { _ in EscapingLogHandler(capture.handler) }
        logger.logLevel = .trace
        logger[metadataKey: "path"] = "/a\nb"
        logger.warning(
            "Callback\r\nFAKE ENTRY",
            metadata: ["error": "access_denied\nINFO forged", "nested": ["list": ["\u{1B}[31m", "\u{2028}ok"]]])
        let line = capture.all.joined()
        #expect(!line.contains("\n") && !line.contains("\r") && !line.contains("\u{1B}") && !line.contains("\u{2028}"))
        #expect(line.contains(#"Callback\r\nFAKE ENTRY"#) && line.contains(#"access_denied\nINFO forged"#))
        #expect(line.contains(#"\u{1B}[31m"#) && line.contains(#"\u{2028}ok"#) && line.contains(#"/a\nb"#))
        #expect(EscapingLogHandler.escaped("plain text, ünïcode 🎬") == "plain text, ünïcode 🎬")
        // A backslash a client typed cannot pass for an escape.
        #expect(EscapingLogHandler.escaped(#"typed \n"#) == #"typed \\n"#)
    }
}
