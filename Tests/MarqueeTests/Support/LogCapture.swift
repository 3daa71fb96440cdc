import Logging
import Synchronization

/// Collects every log line (message and metadata) at every level, to check what the server writes.
final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    var logger: Logger {
        var logger = Logger(label: "marquee.capture") { _ in Handler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    /// A handler writing here, to wrap in another.
    var handler: any LogHandler { Handler(capture: self) }

    fileprivate func append(_ line: String) { lines.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.append("\(event.level) \(event.message) \(merged) \(event.error.map { "\($0)" } ?? "")")
        }
    }
}
