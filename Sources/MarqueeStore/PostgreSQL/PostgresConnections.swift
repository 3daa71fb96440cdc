import Logging
import MarqueeCore
import NIOCore
import PostgresKit
import PostgresNIO
import _ConnectionPoolModule
import SQLKit
import Synchronization

/// SQLKit's view of a PostgreSQL connection pool: each statement runs on a connection leased for it. Leasing waits
/// at most `leaseTimeout`; past that, or when the server is gone, the caller gets `storage.unavailable`.
struct PostgresConnections: SQLDatabase {
    let client: PostgresClient
    let leaseTimeout: Duration
    let logger: Logger
    let eventLoop: any EventLoop

    var dialect: any SQLDialect { PostgresDialect() }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try await leasing { connection in
            try await connection.sql(queryLogLevel: nil).execute(sql: query, onRow)
        }
    }

    /// Runs `body` with a connection of its own, failing with `storage.unavailable` if none comes within the lease
    /// timeout or the connection breaks. Once leased, `body` runs to its end (the server's statement timeout
    /// bounds a slow statement; a connection that died without closing is bounded only by TCP); a connection that arrives after the timeout gave up is handed back unused, so a caller told
    /// "unavailable" never has its write committed behind its back.
    func leasing<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let lease = Lease()
        do {
            return try await withThrowingTaskGroup(of: LeaseOutcome<T>.self) { group in
                group.addTask {
                    try await client.withConnection { connection in
                        guard lease.take() else { throw LeaseTimedOut() }
                        return .done(try await body(connection))
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
        } catch {
            throw Self.unavailable(error) ?? error
        }
    }

    /// `storage.unavailable` for errors that mean the server cannot be used right now; nil for the rest (a bad
    /// statement stays a bug, reported as one).
    static func unavailable(_ error: any Error) -> DomainError? {
        let unavailable = DomainError(
            .storageUnavailable, "The database is not answering right now. Please try again in a moment.",
            retryAfterSeconds: 5)
        if error is LeaseTimedOut || error is _ConnectionPoolModule.ConnectionPoolError || error is CancellationError { return unavailable }
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

    /// A short reason for logs and start-up errors, without PostgresNIO's internals.
    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return "\(underlying)" }
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

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
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

private struct LeaseTimedOut: Error {}

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
        state.compareExchange(expected: Self.waiting, desired: Self.abandoned, ordering: .acquiringAndReleasing).exchanged
    }
}
