import Logging
import MarqueeCore
import MarqueeStore
import NIOCore
import PostgresKit
import PostgresNIO
import SQLKit
import Synchronization
import _ConnectionPoolModule

/// SQLKit's view of a PostgreSQL connection pool: each statement runs on a connection leased for it. Leasing waits
/// at most `leaseTimeout`; past that, or when the server is gone, the caller gets `storage.unavailable`.
struct PostgresConnections: SQLDatabase {
    let client: PostgresClient
    let leaseTimeout: Duration
    /// The most connections the pool holds.
    let maximumConnections: Int
    let logger: Logger
    let eventLoop: any EventLoop

    var dialect: any SQLDialect { PostgresDialect() }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<
        Void
    > {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        // Reads only (see `Database.reader`): a statement may run again, but rows handed on may not be handed on twice.
        let progress = LeaseProgress()
        try await leasing(until: progress) { connection in
            try await connection.sql(queryLogLevel: nil).execute(sql: query) { row in
                progress.begin()
                onRow(row)
            }
        }
    }

    /// Runs `body` with a connection of its own, failing with `storage.unavailable` if none comes within the lease
    /// timeout or the connection breaks. Once leased, `body` runs to its end (the server's statement timeout
    /// bounds a slow statement; a connection that died without closing is bounded only by TCP); a connection that
    /// arrives after the timeout gave up is handed back unused, so a caller told "unavailable" never has its write
    /// committed behind its back.
    ///
    /// `progress` is where `body` marks that its work has begun on the server (a transaction's `BEGIN` answered, a
    /// read's first row arrived). Until it has, a connection found dead is swapped for another and `body` runs
    /// again: after the server ended its connections (a restart, a failover), the pool may hand out each of them
    /// once more before it has read that they are gone, so it may take as many tries as the pool has connections.
    /// Without `progress`, `body` runs once.
    func leasing<T: Sendable>(
        until progress: LeaseProgress? = nil, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        var tries = 0
        while true {
            do {
                return try await leasingOnce(body)
            } catch  where tries < maximumConnections && progress?.hasBegun == false && Self.isStale(error) {
                tries += 1
                logger.debug(
                    "A pooled database connection had ended; running again on another",
                    metadata: ["reason": "\(Self.describe(error))"])
            } catch {
                guard let unavailable = Self.unavailable(error) else { throw error }
                logger.warning("The database is not answering", metadata: ["reason": "\(Self.describe(error))"])
                throw unavailable
            }
        }
    }

    private func leasingOnce<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws -> T
    {
        let lease = Lease()
        return try await withThrowingTaskGroup(of: LeaseOutcome<T>.self) { group in
            group.addTask {
                try await client.withConnection { connection in
                    guard lease.take() else { throw LeaseTimedOut() }
                    return .done(try await Self.untilClosed({ connection.isClosed }) { try await body(connection) })
                }
            }
            group.addTask {
                // Cancelled early (the caller went away): decide now, the same way, so a body already running
                // is waited for and reported truthfully.
                try? await Task.sleep(for: leaseTimeout)
                return lease.abandon() ? .timedOut : .keepWaiting
            }
            while let outcome = try await group.next() {
                switch outcome {
                case .done(let result):
                    group.cancelAll()
                    return result
                case .timedOut:
                    group.cancelAll()
                    throw LeaseTimedOut()
                case .keepWaiting:
                    continue
                }
            }
            throw LeaseTimedOut()
        }
    }

    /// Runs `body`, failing with `ConnectionLost` (and cancelling it) once `isClosed` has said so on two checks
    /// `grace` apart and `body` has not ended. PostgresNIO 1.33 loses a statement written in the instant its
    /// connection closes (the failed write has no promise to fail), so `body` would wait for ever, and its request
    /// with it. The second look lets a statement whose answer did arrive report it: a commit is never reported as
    /// lost. (Polled, not a callback on the connection's close future: those would pile up on a long-lived
    /// connection, one per statement.)
    static func untilClosed<T: Sendable>(
        _ isClosed: @escaping @Sendable () -> Bool, grace: Duration = .seconds(1),
        _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let outcome = FirstOutcome<T>()
        let running = Task {
            do { outcome.finish(.success(try await body())) } catch { outcome.finish(.failure(error)) }
        }
        let watchdog = Task {
            var sawClosed = false
            while !Task.isCancelled {
                try? await Task.sleep(for: grace)
                guard isClosed() else { continue }
                if sawClosed, !Task.isCancelled {
                    outcome.finish(.failure(ConnectionLost()))
                    running.cancel()
                    return
                }
                sawClosed = true
            }
        }
        defer { watchdog.cancel() }
        return try await withTaskCancellationHandler {
            try await outcome.value()
        } onCancel: {
            running.cancel()
        }
    }

    /// `storage.unavailable` for errors that mean the server cannot be used right now; nil for the rest (a bad
    /// statement stays a bug, reported as one).
    static func unavailable(_ error: any Error) -> DomainError? {
        let unavailable = DomainError(
            .storageUnavailable, "The database is not answering right now. Please try again in a moment.",
            retryAfterSeconds: 5)
        if error is LeaseTimedOut || error is ConnectionLost || error is _ConnectionPoolModule.ConnectionPoolError
            || error is CancellationError
        {
            return unavailable
        }
        guard let error = error as? PSQLError else { return nil }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed, .uncleanShutdown,
            .queryCancelled, .sslUnsupported, .failedToAddSSLHandler:
            return unavailable
        case .server:
            // Class 57 (operator intervention: shutdown, cannot connect now) and 53 (out of resources).
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("57") || state.hasPrefix("53") ? unavailable : nil
        default:
            return nil
        }
    }

    /// Whether `error` says a connection was dead when a statement was sent on it: the server had ended it (an
    /// administrator, a shutdown or a restart: SQLSTATE 57P01 to 57P03) or closed it, this side had closed it on
    /// reading that, or it closed with the statement unanswered.
    static func isStale(_ error: any Error) -> Bool {
        if error is ConnectionLost { return true }
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection: return true
        case .server: return ["57P01", "57P02", "57P03"].contains(error.serverInfo?[.sqlState] ?? "")
        default: return false
        }
    }

    /// A short reason for logs and start-up errors, without PostgresNIO's internals.
    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying, !(underlying is PSQLError) { return "\(underlying)" }
            return "\(error.code)"
        }
        if let error = error as? DomainError { return error.message }
        return "\(error)"
    }
}

/// A connection inside a `write` transaction whose statements fail the way the pool's do: a lost or refused
/// connection is `storage.unavailable` at the statement, so code that catches a statement's error inside the
/// transaction (a migration reporting its own failure) sees the same error a read would.
struct TransactionConnection: SQLDatabase {
    let base: any SQLDatabase

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var dialect: any SQLDialect { base.dialect }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<
        Void
    > {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        do {
            try await base.execute(sql: query, onRow)
        } catch {
            throw PostgresConnections.unavailable(error) ?? error
        }
    }
}

/// Whether the work of a leased connection's body has begun on the server (see `PostgresConnections.leasing`).
final class LeaseProgress: Sendable {
    private let begun = Atomic(false)

    var hasBegun: Bool { begun.load(ordering: .relaxed) }

    /// The body's work has begun: from now on it is not run again.
    func begin() { begun.store(true, ordering: .relaxed) }
}

private struct LeaseTimedOut: Error, CustomStringConvertible {
    var description: String { "no connection could be had in time" }
}

/// The connection closed under a statement whose answer never came.
private struct ConnectionLost: Error, CustomStringConvertible {
    var description: String { "the connection closed with a statement unanswered" }
}

/// The first of several results offered, handed to the one caller waiting for it; later offers are dropped.
private final class FirstOutcome<T: Sendable>: Sendable {
    private struct State {
        var result: Result<T, any Error>?
        var waiting: CheckedContinuation<T, any Error>?
    }
    private let state = Mutex(State())

    func finish(_ result: Result<T, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<T, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume(with: result)
    }

    func value() async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<T, any Error>? in
                if state.result == nil { state.waiting = continuation }
                return state.result
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}

private enum LeaseOutcome<T: Sendable>: Sendable {
    case done(T)
    case timedOut
    case keepWaiting
}

/// Who won the race between a connection arriving and the timeout: exactly one of `take` and `abandon` succeeds.
private final class Lease: Sendable {
    private static let waiting = 0, taken = 1, abandoned = 2
    private let state = Atomic(Lease.waiting)

    /// The connection arrived in time (false: the caller already gave up).
    func take() -> Bool {
        state.compareExchange(expected: Self.waiting, desired: Self.taken, ordering: .acquiringAndReleasing).exchanged
    }

    /// The timeout fired before a connection arrived (false: one already did).
    func abandon() -> Bool {
        state.compareExchange(expected: Self.waiting, desired: Self.abandoned, ordering: .acquiringAndReleasing)
            .exchanged
    }
}
