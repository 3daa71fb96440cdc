import Logging
import Synchronization

/// Collects every log line (message and metadata) at every level, to check what the server writes, or to wait for
/// something the server does in the background.
final class LogCapture: Sendable {
    private struct State {
        var lines: [String] = []
        var waiters: [Int: (needle: String, continuation: CheckedContinuation<Void, Never>)] = [:]
        var nextWaiter = 0
    }
    private let state = Mutex(State())

    var all: [String] { state.withLock { $0.lines } }

    var logger: Logger {
        var logger = Logger(label: "marquee.capture") { _ in Handler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    /// A handler writing here, to wrap in another.
    var handler: any LogHandler { Handler(capture: self) }

    /// Whether a line containing `needle` is written (or was already) within `timeout`.
    func waitForLine(containing needle: String, timeout: Duration = .seconds(10)) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.line(containing: needle)
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Returns once a line containing `needle` has been written, or the task is cancelled.
    private func line(containing needle: String) async {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let waiting = state.withLock { state in
                    guard !Task.isCancelled, !state.lines.contains(where: { $0.contains(needle) }) else { return false }
                    state.waiters[id] = (needle, continuation)
                    return true
                }
                if !waiting { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
        }
    }

    fileprivate func append(_ line: String) {
        let woken = state.withLock { state in
            state.lines.append(line)
            let matched = state.waiters.filter { line.contains($0.value.needle) }
            for id in matched.keys { state.waiters[id] = nil }
            return matched.values.map(\.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

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
