import Foundation
package import Logging
import MarqueeCore
import MarqueeStore
import NIOCore
import PostgresKit
import PostgresNIO
package import SQLKit
import ServiceLifecycle
import Synchronization

/// A PostgreSQL database that several `marquee serve` instances share: a pool of connections (PostgresNIO's
/// `PostgresClient`), transactions per write, advisory locks for writers that must not race across instances, and
/// LISTEN/NOTIFY between the instances (`bus`).
///
/// When the server cannot be reached, or no connection frees up within the location's `connectTimeout`, calls
/// fail with `storage.unavailable` (503) instead of waiting.
package final class PostgreSQLDatabase: Database, Service {
    private let client: PostgresClient
    private let running: Task<Void, Never>
    private let connections: PostgresConnections
    private let postgresBus: PostgresBus
    private let isClosed = Mutex(false)
    /// Where the server is (password hidden), for logs.
    package let location: String

    package var reader: any SQLDatabase { connections }
    package var bus: (any InstanceBus)? { postgresBus }

    private init(location: PostgreSQLLocation, logger: Logger) throws {
        var configuration = try location.clientConfiguration()
        // A statement or transaction left hanging must not hold locks (or a pooled connection) for ever.
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", "60s"), ("idle_in_transaction_session_timeout", "60s"),
            ("application_name", "marquee"),
        ]
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.location = location.redacted
        running = Task { await client.run() }
        connections = PostgresConnections(
            client: client, leaseTimeout: location.connectTimeout,
            maximumConnections: configuration.options.maximumConnections, logger: logger,
            eventLoop: PostgresClient.defaultEventLoopGroup.any())
        postgresBus = PostgresBus(connections: connections, logger: logger)
    }

    /// Connects to the server at `location`, waiting up to `wait` for it to come up (retrying every second and
    /// logging why); throws `PostgreSQLUnreachable` if it never answers.
    package static func open(
        location: PostgreSQLLocation, logger: Logger, waitingUpTo wait: Duration = .seconds(30)
    ) async throws -> PostgreSQLDatabase {
        let deadline = ContinuousClock.now.advanced(by: wait)
        while true {
            do {
                try await probe(location, logger: logger)
                break
            } catch {
                let reason = PostgresConnections.describe(error)
                // A wrong password or a missing database does not mend itself: say so now, not after the wait.
                guard ContinuousClock.now < deadline, !Self.isPermanent(error) else {
                    throw PostgreSQLUnreachable(location: location.redacted, reason: reason)
                }
                logger.warning(
                    "PostgreSQL is not reachable yet; retrying",
                    metadata: ["database": "\(location.redacted)", "reason": "\(reason)"])
                try await Task.sleep(for: .seconds(1))
            }
        }
        let database = try PostgreSQLDatabase(location: location, logger: logger)
        // Listening before anything is served: a stream opened here must not miss another instance's change.
        await database.postgresBus.start()
        return database
    }

    /// Refusals that waiting does not change: authorization (SQLSTATE class 28), no such database (3D), no right to
    /// it (42).
    private static func isPermanent(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, error.code == .server, let state = error.serverInfo?[.sqlState] else {
            return false
        }
        return ["28", "3D", "42"].contains(String(state.prefix(2)))
    }

    /// The server's own words for an error of PostgreSQL's (`permission denied for schema public`), which
    /// PostgresNIO keeps out of its description; nil for other errors.
    package static func reason(_ error: any Error) -> String? {
        error is PSQLError ? PostgresConnections.describe(error) : nil
    }

    /// Opens one connection and runs a trivial query: the pool retries quietly, this says what is wrong.
    private static func probe(_ location: PostgreSQLLocation, logger: Logger) async throws {
        let connection = try await PostgresConnection.connect(
            on: PostgresClient.defaultEventLoopGroup.any(), configuration: try location.connectionConfiguration(),
            id: 0,
            logger: logger
        ).get()
        do {
            _ = try await connection.query("SELECT 1", logger: logger).get()
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    package func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let progress = LeaseProgress()
        let committing = Atomic(false)
        do {
            // Until BEGIN is answered nothing has run, so a dead connection is swapped for another (see `leasing`).
            return try await connections.leasing(until: progress) { connection in
                try await connection.sql(queryLogLevel: nil).raw("BEGIN").run()
                progress.begin()
                let db = TransactionConnection(base: connection.sql(queryLogLevel: nil))
                do {
                    let result = try await body(db)
                    committing.store(true, ordering: .relaxed)
                    try await db.raw("COMMIT").run()
                    return result
                } catch {
                    try? await db.raw("ROLLBACK").run()
                    throw error
                }
            }
        } catch let error as DomainError where error.code == .storageUnavailable && committing.load(ordering: .relaxed)
        {
            // The server may have committed before the connection broke: no one can tell, so do not say it did not.
            throw DomainError(
                .storageUnavailable,
                "The database stopped answering while saving this, so it may or may not have been saved. "
                    + "Check in a moment, or repeat it: repeating a save is safe.",
                retryAfterSeconds: error.retryAfterSeconds)
        }
    }

    /// One round trip for all the keys: PostgreSQL evaluates a select list left to right, so the locks are taken
    /// in ascending number, the same order in every transaction.
    package func lock(_ keys: Set<LockKey>, in db: any SQLDatabase) async throws {
        guard !keys.isEmpty else { return }
        let calls = keys.map(\.number).sorted().map { number -> SQLQueryString in
            "pg_advisory_xact_lock(\(bind: number))"
        }
        try await db.raw("SELECT \(calls.joined(separator: ", "))").run()
    }

    /// Asks with at most a second to get a connection: a health checker's own timeout is often a few seconds, and
    /// a server that cannot lend a connection in a second is not ready either.
    package func isHealthy() async -> Bool {
        let quick = PostgresConnections(
            client: client, leaseTimeout: min(connections.leaseTimeout, .seconds(1)),
            maximumConnections: connections.maximumConnections, logger: connections.logger,
            eventLoop: connections.eventLoop)
        return (try? await quick.raw("SELECT 1 AS ok").first()) != nil
    }

    /// Stops listening and closes every connection; `run` calls it on shutdown.
    package func close() async {
        guard
            !isClosed.withLock({ closed in
                defer { closed = true }
                return closed
            })
        else { return }
        postgresBus.stop()
        running.cancel()
        await running.value
    }

    package func run() async throws {
        try? await gracefulShutdown()
        await close()
    }

}

/// The database could not be reached at start within the wait.
package struct PostgreSQLUnreachable: Error, CustomStringConvertible {
    package let location: String
    package let reason: String

    package var description: String {
        "cannot reach PostgreSQL at \(location): \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)"
    }
}
