import Foundation
import Logging
import PostgresNIO
import SQLKit
import Synchronization

/// `InstanceBus` over PostgreSQL's LISTEN/NOTIFY on one channel. Every payload starts with the sending instance's
/// id, so an instance skips its own messages (it already acted on them locally).
///
/// One pooled connection stays on LISTEN. When it breaks, listening starts again after a second and subscribers
/// get `.resumed`: notifications sent meanwhile are lost, and they catch up from the database instead.
final class PostgresBus: InstanceBus {
    static let channel = "marquee_bus"

    private struct State {
        var subscribers: [Int: AsyncStream<InstanceBusEvent>.Continuation] = [:]
        var nextID = 0
        var listener: Task<Void, Never>?
        var stopped = false
    }

    private let connections: PostgresConnections
    private let logger: Logger
    private let instance = String(UUID().uuidString.prefix(8))
    private let state = Mutex(State())

    init(connections: PostgresConnections, logger: Logger) {
        self.connections = connections
        self.logger = logger
    }

    func send(_ message: String, in db: any SQLDatabase) async throws {
        try await db.raw("SELECT pg_notify(\(bind: Self.channel), \(bind: "\(instance) \(message)"))").run()
    }

    func messages() -> AsyncStream<InstanceBusEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: InstanceBusEvent.self, bufferingPolicy: .unbounded)
        let id = state.withLock { state -> Int? in
            guard !state.stopped else { return nil }
            defer { state.nextID += 1 }
            state.subscribers[state.nextID] = continuation
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Starts listening (once).
    func start() {
        state.withLock { state in
            guard state.listener == nil, !state.stopped else { return }
            state.listener = Task { await self.listen() }
        }
    }

    /// Stops listening and ends every subscriber's stream.
    func stop() {
        let (listener, subscribers) = state.withLock { state in
            state.stopped = true
            defer { state.subscribers.removeAll() }
            return (state.listener, Array(state.subscribers.values))
        }
        listener?.cancel()
        for subscriber in subscribers { subscriber.finish() }
    }

    private func listen() async {
        var listenedBefore = false
        while !Task.isCancelled {
            do {
                try await connections.client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        if listenedBefore { self.deliver(.resumed) }
                        listenedBefore = true
                        for try await notification in notifications {
                            self.received(notification.payload)
                        }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning(
                    "Lost the instance bus; listening again shortly",
                    metadata: ["reason": "\(PostgresConnections.describe(error))"])
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    private func received(_ payload: String) {
        guard let space = payload.firstIndex(of: " ") else { return }
        guard payload[..<space] != instance else { return }
        deliver(.message(String(payload[payload.index(after: space)...])))
    }

    private func deliver(_ event: InstanceBusEvent) {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber.yield(event) }
    }
}
