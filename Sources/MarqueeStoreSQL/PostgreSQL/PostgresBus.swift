import Foundation
import Logging
import MarqueeStore
import PostgresKit
import PostgresNIO
import SQLKit
import Synchronization

/// `InstanceBus` over PostgreSQL's LISTEN/NOTIFY on one channel. Every payload starts with the sending instance's
/// id, so an instance skips its own messages (it already acted on them locally).
///
/// One connection (beyond the requests' share of the pool) stays on LISTEN. Whenever LISTEN is (re)established,
/// subscribers get `.resumed`: notifications sent while it was not are lost, so they catch up from the database. A
/// connection that silently died (a half-open TCP connection never errors) is found by a ping the instance sends
/// itself over that same connection every `pingInterval`: if it does not come back within `pingTimeout`, the
/// connection is closed and listening starts again a second later.
final class PostgresBus: InstanceBus {
    static let channel = "marquee_bus"

    private struct State {
        var subscribers: [Int: AsyncStream<InstanceBusEvent>.Continuation] = [:]
        var nextID = 0
        var listener: Task<Void, Never>?
        var stopped = false
        var pingsSent = 0
        var pingsSeen = 0
        /// `start`, waiting for the first LISTEN.
        var listening: CheckedContinuation<Void, Never>?
    }

    private let connections: PostgresConnections
    private let logger: Logger
    private let instance = String(UUID().uuidString.prefix(8))
    private let state = Mutex(State())
    private let pingInterval: Duration
    private let pingTimeout: Duration

    init(
        connections: PostgresConnections, logger: Logger, pingInterval: Duration = .seconds(10),
        pingTimeout: Duration = .seconds(5)
    ) {
        self.connections = connections
        self.logger = logger
        self.pingInterval = pingInterval
        self.pingTimeout = pingTimeout
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

    /// Starts listening (once), returning when LISTEN is in place or after `wait`, whichever comes first.
    func start(waitingUpTo wait: Duration = .seconds(5)) async {
        await withCheckedContinuation { continuation in
            let started = state.withLock { state -> Bool in
                guard state.listener == nil, !state.stopped else { return false }
                state.listening = continuation
                state.listener = Task { await self.listen() }
                return true
            }
            guard started else { return continuation.resume() }
            Task {
                try? await Task.sleep(for: wait)
                self.wakeStarter()
            }
        }
    }

    /// Resumes a waiting `start`, exactly once whoever calls it first (LISTEN in place, the wait over, or `stop`).
    private func wakeStarter() {
        let waiting = state.withLock { state in
            defer { state.listening = nil }
            return state.listening
        }
        waiting?.resume()
    }

    /// Stops listening and ends every subscriber's stream.
    func stop() {
        let (listener, subscribers) = state.withLock { state in
            state.stopped = true
            defer { state.subscribers.removeAll() }
            return (state.listener, Array(state.subscribers.values))
        }
        listener?.cancel()
        wakeStarter()
        for subscriber in subscribers { subscriber.finish() }
    }

    private func listen() async {
        while !Task.isCancelled {
            do {
                try await connections.client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        self.listening()
                        do {
                            try await withThrowingTaskGroup { group in
                                group.addTask {
                                    for try await notification in notifications { self.received(notification.payload) }
                                }
                                group.addTask { try await self.pingUntilStalled(on: connection) }
                                defer { group.cancelAll() }
                                try await group.next()
                            }
                        } catch let stalled as BusStalled {
                            // Closed first, so leaving LISTEN does not wait on a connection that will never answer.
                            try? await connection.close()
                            throw stalled
                        }
                    }
                }
            } catch is BusStalled {
                logger.warning("The instance bus stopped answering; listening again")
            } catch {
                if Task.isCancelled { return }
                logger.warning(
                    "Lost the instance bus; listening again shortly",
                    metadata: ["reason": "\(PostgresConnections.describe(error))"])
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// LISTEN is in place: wake `start`, and tell subscribers to catch up on whatever was sent while it was not.
    private func listening() {
        wakeStarter()
        deliver(.resumed)
    }

    /// Sends this instance a ping now and then over the LISTEN connection itself (a dead connection can neither
    /// send it nor deliver it back); throws `BusStalled` when one does not come back within `pingTimeout`.
    private func pingUntilStalled(on connection: PostgresConnection) async throws {
        while true {
            try await Task.sleep(for: pingInterval)
            let number = state.withLock { state in
                state.pingsSent += 1
                return state.pingsSent
            }
            let payload = "\(instance) ping \(number)"
            let sender = Task {
                try? await connection.sql(queryLogLevel: nil)
                    .raw("SELECT pg_notify(\(bind: Self.channel), \(bind: payload))").run()
            }
            try await Task.sleep(for: pingTimeout)
            sender.cancel()
            if state.withLock({ $0.pingsSeen }) < number { throw BusStalled() }
        }
    }

    private func received(_ payload: String) {
        guard let space = payload.firstIndex(of: " ") else { return }
        let message = payload[payload.index(after: space)...]
        guard payload[..<space] != instance else {
            if message.hasPrefix("ping "), let number = Int(message.dropFirst(5)) {
                state.withLock { $0.pingsSeen = max($0.pingsSeen, number) }
            }
            return
        }
        deliver(.message(String(message)))
    }

    private func deliver(_ event: InstanceBusEvent) {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber.yield(event) }
    }
}

/// The LISTEN connection stopped delivering this instance's own pings.
private struct BusStalled: Error {}
