import Foundation
package import Logging
import MarqueeStore
import NIOCore
import NIOPosix
package import SQLKit
import ServiceLifecycle
import Synchronization
import VaporCSQLite

/// A SQLite file in WAL mode: one writer connection (serialised transactions, concurrent ones sharing a commit)
/// and a few reader connections, so reads never wait for writes. Commits are durable: a save answered is on disk
/// (the log is flushed after each commit, see `LogFlusher`). A `Service`: it closes the connections on shutdown
/// (closing twice is harmless).
///
/// Statements run in place through SQLite's C API (`SQLiteHandle`) rather than through SQLiteNIO's thread pool: on
/// the 2-core benchmark machine that cut the CPU of a favourite save from about 1.7 ms to a fraction of it,
/// because SQLiteNIO hops threads twice per statement and once more per result row.
package final class SQLiteDatabase: Database, Service {
    private let writer: DirectSQLiteDatabase
    private let readers: DirectSQLiteDatabase
    private let commits: GroupCommit
    private let writerThread = DedicatedThread(name: "sqlite-writer")
    private let flusher: LogFlusher?
    private let isClosed = Mutex(false)
    /// The file's path.
    package let path: String

    package var reader: any SQLDatabase { readers }

    private init(path: String, writer: SQLiteHandle, readers: [SQLiteHandle], flusher: LogFlusher?, logger: Logger) {
        self.path = path
        let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
        self.writer = DirectSQLiteDatabase(handles: SQLiteHandles([writer]), logger: logger, eventLoop: eventLoop)
        self.readers = DirectSQLiteDatabase(handles: SQLiteHandles(readers), logger: logger, eventLoop: eventLoop)
        self.flusher = flusher
        commits = GroupCommit(database: self.writer, flusher: flusher, executor: writerThread)
    }

    /// Opens (creating if needed) the database file at `path` and sets it up for concurrent use.
    package static func open(path: String, logger: Logger, readerCount: Int = 4) async throws -> SQLiteDatabase {
        try await open(path: path, logger: logger, readerCount: readerCount, flushingLogAt: nil)
    }

    /// `open`, with the file that is flushed after commits given (nil: SQLite's own log). Tests give one that cannot
    /// be flushed.
    static func open(path: String, logger: Logger, readerCount: Int = 4, flushingLogAt logPath: String?) async throws
        -> SQLiteDatabase
    {
        let writer = try SQLiteHandle(path: path)
        let pragmas = [
            // For a new file only. A save changes one leaf in each of about eight B-trees, and every changed page
            // goes to the log whole: 2 KiB pages halve those bytes and the CPU the writer spends on them, and saves
            // at 32 connections went up 12-17% in bench/run-peers (lists of 20 were no slower).
            "PRAGMA page_size=2048",
            // The log is copied back into the file inside whichever commit finds it past the threshold; at SQLite's
            // default (1,000 pages) a burst of saves paid for that every ~125 commits and each copy rewrote the same
            // hot pages again. At 10,000 pages save p99 at one connection fell from about 4 ms to under 3 ms.
            "PRAGMA wal_autocheckpoint=10000",
            // A grouped write's savepoint journal stays in memory instead of spilling to a temporary file.
            "PRAGMA temp_store=MEMORY",
            "PRAGMA busy_timeout=5000", "PRAGMA foreign_keys=ON",
        ]
        for pragma in pragmas { try writer.run(pragma, []) { _ in } }
        let flusher = try logFlusher(for: writer, path: path, logPath: logPath, logger: logger)
        let readers = try (0..<max(1, readerCount)).map { _ in
            let reader = try SQLiteHandle(path: path)
            try reader.run("PRAGMA busy_timeout=5000", []) { _ in }
            return reader
        }
        return SQLiteDatabase(path: path, writer: writer, readers: readers, flusher: flusher, logger: logger)
    }

    /// Puts the file in WAL mode with commits that do not wait for the disk, and a `LogFlusher` that makes them
    /// durable before anyone is answered. Where WAL mode or its log is not available (a filesystem without shared
    /// memory), each commit waits for the disk itself and there is no flusher.
    private static func logFlusher(for writer: SQLiteHandle, path: String, logPath: String?, logger: Logger) throws
        -> LogFlusher?
    {
        var mode = ""
        try writer.run("PRAGMA journal_mode=WAL", []) { row in
            mode = try row.decode(column: "journal_mode", as: String.self)
        }
        // SQLite creates the log when the first transaction reads the file; this makes sure it exists to open.
        try writer.run("SELECT count(*) FROM sqlite_schema", []) { _ in }
        do {
            guard mode.lowercased() == "wal", let log = logPath ?? writer.logPath() else {
                throw SQLiteFailure(code: SQLITE_CANTOPEN, message: "the file is in \(mode) mode, not WAL")
            }
            let flusher = try LogFlusher(logPath: log, logger: logger)
            try writer.run("PRAGMA synchronous=NORMAL", []) { _ in }
            return flusher
        } catch {
            // Still durable, only slower: each commit waits for the disk itself, on the writer's thread.
            logger.warning(
                "SQLite commits will each wait for the disk", metadata: ["path": "\(path)", "reason": "\(error)"])
            try writer.run("PRAGMA synchronous=FULL", []) { _ in }
            return nil
        }
    }

    /// Concurrent writes share commits (see `GroupCommit`); each is still all-or-nothing on its own.
    package func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await commits.write(body)
    }

    /// One writer connection already runs transactions one at a time.
    package func lock(_ keys: Set<LockKey>, in db: any SQLDatabase) async throws {}

    /// Only one process opens the file.
    package var bus: (any InstanceBus)? { nil }

    /// Commits become visible before they are on disk (see `LogFlusher`); this waits for those a read may have seen.
    package func settle() async throws {
        try await flusher?.settle()
    }

    /// False too once the log could not be flushed: nothing is written after that (see `LogFlusher`).
    package func isHealthy() async -> Bool {
        guard flusher?.failure == nil else { return false }
        return (try? await reader.raw("SELECT 1 AS ok").first()) != nil
    }

    /// Closes every connection; `run` calls it on shutdown.
    package func close() async {
        guard
            !isClosed.withLock({ closed in
                defer { closed = true }
                return closed
            })
        else { return }
        writer.handles.closeAll()
        readers.handles.closeAll()
        writerThread.stop()
    }

    deinit { writerThread.stop() }

    package func run() async throws {
        try? await gracefulShutdown()
        await close()
    }
}
