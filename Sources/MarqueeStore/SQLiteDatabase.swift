import Foundation
public import Logging
import NIOCore
import NIOPosix
public import SQLKit
import SQLiteKit
import Synchronization
public import ServiceLifecycle

/// A SQLite file in WAL mode: one writer connection (serialised transactions) and one reader connection, so
/// reads never wait for writes. A `Service`: it closes both connections on shutdown (closing twice is harmless).
public final class SQLiteDatabase: Database, Service {
    private let writerConnection: SQLiteConnection
    private let readerConnection: SQLiteConnection
    private let writeLock = AsyncLock()
    private let isClosed = Mutex(false)
    private let logger: Logger
    /// The file's path.
    public let path: String

    public var reader: any SQLDatabase { readerConnection.sql() }

    private init(path: String, writer: SQLiteConnection, reader: SQLiteConnection, logger: Logger) {
        self.path = path
        self.writerConnection = writer
        self.readerConnection = reader
        self.logger = logger
    }

    /// Opens (creating if needed) the database file at `path` and sets it up for concurrent use.
    public static func open(path: String, logger: Logger) async throws -> SQLiteDatabase {
        let storage = SQLiteConnection.Storage.file(path: path)
        let writer = try await SQLiteConnection.open(storage: storage, logger: logger)
        do {
            for pragma in ["PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA busy_timeout=5000",
                "PRAGMA foreign_keys=ON"]
            {
                try await writer.sql().raw(SQLQueryString(pragma)).run()
            }
            let reader = try await SQLiteConnection.open(storage: storage, logger: logger)
            try await reader.sql().raw("PRAGMA busy_timeout=5000").run()
            return SQLiteDatabase(path: path, writer: writer, reader: reader, logger: logger)
        } catch {
            try? await writer.close()
            throw error
        }
    }

    /// The transaction runs in a task of its own: SQLiteNIO skips work queued by a cancelled task, and a
    /// cancelled caller must not leave the writer inside an open transaction.
    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let database = writerConnection.sql()
        let lock = writeLock
        return try await Task {
            try await lock.withLock {
                try await database.raw("BEGIN IMMEDIATE").run()
                do {
                    let result = try await body(database)
                    try await database.raw("COMMIT").run()
                    return result
                } catch {
                    try? await database.raw("ROLLBACK").run()
                    throw error
                }
            }
        }.value
    }

    public func isHealthy() async -> Bool {
        (try? await reader.raw("SELECT 1 AS ok").first()) != nil
    }

    /// Closes both connections; `run` calls it on shutdown.
    ///
    /// Runs in a task of its own so that a cancelled caller (a service group tearing down) still closes them:
    /// SQLiteNIO refuses work from a cancelled task, and an unclosed connection is a leak (a trap in debug builds).
    public func close() async {
        guard !isClosed.withLock({ closed in defer { closed = true }; return closed }) else { return }
        let reader = readerConnection
        let writer = writerConnection
        await Task {
            try? await reader.close()
            try? await writer.close()
        }.value
    }

    public func run() async throws {
        try? await gracefulShutdown()
        await close()
    }
}
