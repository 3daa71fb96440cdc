import Foundation
import Logging
import MarqueeCore
import MarqueeWire
import NIOPosix
import SQLKit
import Synchronization
import Testing

@testable import MarqueeStore
@testable import MarqueeStoreSQL

/// How the SQLite file commits: on a thread of its own, with the log flushed before a write is answered.
@Suite("SQLite commits")
struct SQLiteCommitTests {
    private static func path() -> String { TestSettings.makeDataDirectory() + "/commits.sqlite" }

    @Test("A new file: WAL, 2 KiB pages, commits left to the log flusher; concurrent writes all there on reopening")
    func flushedCommits() async throws {
        let path = Self.path()
        let database = try await SQLiteDatabase.open(path: path, logger: TestSettings.quietLogger)
        try await database.write { db in
            try await db.raw("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)").run()
        }
        let synchronous = try await database.write { db in
            try await db.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self)
        }
        #expect(synchronous == 1)  // NORMAL: the flusher, not the commit, waits for the disk
        #expect(
            try await database.reader.raw("PRAGMA page_size").first()?.decode(column: "page_size", as: Int.self) == 2048
        )
        #expect(
            try await database.reader.raw("PRAGMA journal_mode").first()?.decode(
                column: "journal_mode", as: String.self) == "wal")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 1...40 {
                group.addTask {
                    try await database.write { db in
                        try await db.raw(
                            "INSERT INTO notes (id, body) VALUES (\(bind: number), \(bind: "note \(number)"))"
                        ).run()
                    }
                }
            }
            try await group.waitForAll()
        }
        await database.close()
        let reopened = try await SQLiteDatabase.open(path: path, logger: TestSettings.quietLogger)
        let count = try await reopened.reader.raw("SELECT count(*) AS n FROM notes").first()?.decode(
            column: "n", as: Int.self)
        await reopened.close()
        #expect(count == 40)
    }

    @Test("Without WAL mode (a file in memory), each commit waits for the disk itself and writes still work")
    func withoutWAL() async throws {
        let database = try await SQLiteDatabase.open(path: ":memory:", logger: TestSettings.quietLogger)
        let (synchronous, count) = try await database.write { db in
            try await db.raw("CREATE TABLE notes (id INTEGER PRIMARY KEY)").run()
            try await db.raw("INSERT INTO notes (id) VALUES (1), (2)").run()
            return (
                try await db.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self),
                try await db.raw("SELECT count(*) AS n FROM notes").first()?.decode(column: "n", as: Int.self)
            )
        }
        try await database.settle()
        #expect(await database.isHealthy())
        await database.close()
        #expect(synchronous == 2 && count == 2)  // FULL
    }

    @Test("Reads that hand out change sequence numbers wait for the disk; other reads do not")
    func storeSettles() async throws {
        try await withMigratedDatabase { database in
            let counting = SettleCounting(database)
            let store = SQLSavedItemStore(database: counting)
            let users = SQLUserStore(database: database)
            let ada = UserRecord(createdAt: Date())
            try await users.insert(ada)
            _ = try await store.count(for: ada.id)
            _ = try await store.item(list: .favorites, kind: .movie, id: "603", for: ada.id)
            #expect(counting.settles == 0)
            _ = try await store.batch(for: ada.id, after: nil, limit: 10)
            #expect(counting.settles == 0)
            _ = try await store.latest(for: ada.id)
            #expect(counting.settles == 1)
            _ = try await store.changes(for: ada.id, after: 0, limit: 10)
            #expect(counting.settles == 2)
        }
    }

    @Test("Transactions run on the writer's own thread, not on the caller's")
    func writerThread() async throws {
        let database = try await SQLiteDatabase.open(path: Self.path(), logger: TestSettings.quietLogger)
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 1...8 { group.addTask { try await database.write { _ in Self.threadName() } } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        await database.close()
        #expect(names == ["sqlite-writer"])
    }

    private static func threadName() -> String { Thread.current.name ?? "" }

    @Test("A dedicated thread, once stopped, hands work on so that nothing waits forever")
    func stoppedThread() async throws {
        let thread = DedicatedThread(name: "test-thread")
        #expect(await Task(executorPreference: thread) { 1 + 1 }.value == 2)
        thread.stop()
        #expect(await Task(executorPreference: thread) { 2 + 2 }.value == 4)
    }

    @Test("The log flusher answers every commit handed to it, however many arrive during one flush")
    func flusherAnswersAll() async throws {
        let path = Self.path()
        #expect(FileManager.default.createFile(atPath: path, contents: Data("log".utf8)))
        let flusher = try LogFlusher(logPath: path, logger: TestSettings.quietLogger)
        #expect(flusher.flushNow() == nil)
        let answered = await withTaskGroup(of: Bool.self) { group in
            for _ in 1...50 {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        flusher.flush { error in continuation.resume(returning: error == nil) }
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(answered.count == 50 && answered.allSatisfy { $0 })
        #expect(throws: (any Error).self) {
            try LogFlusher(logPath: path + "-missing", logger: TestSettings.quietLogger)
        }
    }

    @Test("A read waits for commits it may have seen to reach the disk, and only then")
    func settle() async throws {
        let path = Self.path()
        #expect(FileManager.default.createFile(atPath: path, contents: Data("log".utf8)))
        let flusher = try LogFlusher(logPath: path, logger: TestSettings.quietLogger)
        #expect(!flusher.hasUnflushedCommits)
        flusher.commitBegins()
        #expect(flusher.hasUnflushedCommits)  // visible from here, though COMMIT has not returned
        flusher.commitEnded()
        try await flusher.settle()
        #expect(!flusher.hasUnflushedCommits)
        flusher.commitBegins()
        flusher.commitEnded()
        #expect(flusher.flushNow() == nil)
        #expect(!flusher.hasUnflushedCommits)
    }

    @Test("Once the log cannot be flushed, that group's writes fail, later writes are refused, and so are flushes")
    func failedFlush() async throws {
        let handle = try SQLiteHandle(path: Self.path())
        try handle.run("CREATE TABLE notes (id INTEGER PRIMARY KEY)", []) { _ in }
        let database = DirectSQLiteDatabase(
            handles: SQLiteHandles([handle]), logger: TestSettings.quietLogger,
            eventLoop: MultiThreadedEventLoopGroup.singleton.any())
        // fdatasync on /dev/null fails with EINVAL.
        let flusher = try LogFlusher(logPath: "/dev/null", logger: TestSettings.quietLogger)
        let commits = GroupCommit(database: database, flusher: flusher, executor: DedicatedThread(name: "test-writer"))
        await #expect(throws: (any Error).self) {
            try await commits.write { db in try await db.raw("INSERT INTO notes (id) VALUES (1)").run() }
        }
        #expect(flusher.failure != nil)
        let ran = Mutex(false)
        await #expect(throws: (any Error).self) {
            try await commits.write { _ in ran.withLock { $0 = true } }
        }
        #expect(!ran.withLock { $0 })
        #expect(flusher.flushNow() != nil)
        await #expect(throws: (any Error).self) {
            flusher.commitBegins()
            try await flusher.settle()
        }
    }

    @Test(
        "After a failed flush the file reports itself unhealthy (/readyz: not ready) and writes answer storage.unavailable"
    )
    func failedFlushMakesFileUnhealthy() async throws {
        let database = try await SQLiteDatabase.open(
            path: Self.path(), logger: TestSettings.quietLogger, flushingLogAt: "/dev/null")
        #expect(await database.isHealthy())
        for _ in 1...2 {
            let error = await #expect(throws: DomainError.self) {
                try await database.write { db in try await db.raw("CREATE TABLE IF NOT EXISTS notes (id INTEGER)").run()
                }
            }
            #expect(error?.code == .storageUnavailable)
        }
        #expect(await !database.isHealthy())
        await database.close()
    }

    @Test("Failures of the file, extended codes included, are storage.unavailable; a statement's own failures are not")
    func failureMapping() async throws {
        // SQLite's result codes: BUSY, LOCKED, FULL, IOERR, IOERR_FSYNC, CANTOPEN, READONLY.
        for code: Int32 in [5, 6, 13, 10, 1034, 14, 8] {
            let mapped = SQLiteFailure(code: code, message: "").unavailable
            #expect(mapped?.code == .storageUnavailable && mapped?.retryAfterSeconds != nil, "code \(code)")
        }
        // CONSTRAINT, CONSTRAINT_UNIQUE, ERROR (a bad statement), MISMATCH.
        for code: Int32 in [19, 2067, 1, 20] {
            #expect(SQLiteFailure(code: code, message: "").unavailable == nil, "code \(code)")
        }
        // A write arriving after shutdown closed the connections.
        let database = try await SQLiteDatabase.open(path: Self.path(), logger: TestSettings.quietLogger)
        await database.close()
        let error = await #expect(throws: DomainError.self) {
            try await database.write { db in try await db.raw("SELECT 1").run() }
        }
        #expect(error?.code == .storageUnavailable)
    }

    @Test(
        "A full disk answers storage.unavailable rather than an internal error, and writing resumes once there is room")
    func fullDisk() async throws {
        let database = try await SQLiteDatabase.open(path: Self.path(), logger: TestSettings.quietLogger)
        try await database.write { db in try await db.raw("CREATE TABLE notes (body TEXT)").run() }
        // SQLite reports a file at its page limit exactly as it reports a full disk (SQLITE_FULL).
        try await database.write { db in try await db.raw("PRAGMA max_page_count = 8").run() }
        let error = await #expect(throws: DomainError.self) {
            try await database.write { db in
                try await db.raw("INSERT INTO notes (body) VALUES (\(bind: String(repeating: "x", count: 100_000)))")
                    .run()
            }
        }
        #expect(error?.code == .storageUnavailable)
        #expect(error?.retryAfterSeconds != nil)
        // Grouped: SQLite gives up the whole transaction, savepoints and all. Every writer of the group hears
        // storage.unavailable, none a "no such savepoint" error, and the small writes are not half-kept.
        for _ in 1...5 {
            let errors = await withTaskGroup(of: (any Error)?.self) { group in
                for number in 1...12 {
                    group.addTask {
                        do {
                            try await database.write { db in
                                let body = number == 6 ? String(repeating: "y", count: 100_000) : "small"
                                try await db.raw("INSERT INTO notes (body) VALUES (\(bind: body))").run()
                            }
                            return nil
                        } catch {
                            return error
                        }
                    }
                }
                return await group.reduce(into: [any Error]()) { if let error = $1 { $0.append(error) } }
            }
            #expect(!errors.isEmpty)
            #expect(errors.allSatisfy { ($0 as? DomainError)?.code == .storageUnavailable }, "\(errors)")
        }
        try await database.write { db in try await db.raw("PRAGMA max_page_count = 1000000").run() }
        try await database.write { db in try await db.raw("INSERT INTO notes (body) VALUES ('fits')").run() }
        #expect(await database.isHealthy())
        await database.close()
    }
}

/// A database that counts `settle()` calls and otherwise does what the one it wraps does.
private final class SettleCounting: Database {
    private let base: any Database
    private let count = Mutex(0)

    init(_ base: any Database) { self.base = base }

    var settles: Int { count.withLock { $0 } }
    var reader: any SQLDatabase { base.reader }
    var bus: (any InstanceBus)? { base.bus }

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await base.write(body)
    }

    func lock(_ keys: Set<LockKey>, in db: any SQLDatabase) async throws { try await base.lock(keys, in: db) }

    func settle() async throws {
        count.withLock { $0 += 1 }
        try await base.settle()
    }

    func isHealthy() async -> Bool { await base.isHealthy() }
    func close() async { await base.close() }
}
