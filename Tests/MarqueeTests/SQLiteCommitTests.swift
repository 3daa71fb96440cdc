import Foundation
import Logging
@testable import MarqueeStore
import NIOPosix
import SQLKit
import Synchronization
import Testing

/// How the SQLite file commits: on a thread of its own, with the log flushed before a write is answered.
@Suite("SQLite commits")
struct SQLiteCommitTests {
    private static func path() -> String { TestSettings.makeDataDirectory() + "/commits.sqlite" }

    @Test("A new file: WAL, 2 KiB pages, commits flushed by the log flusher; every answered write is there on reopening")
    func flushedCommits() async throws {
        let path = Self.path()
        let database = try await SQLiteDatabase.open(path: path, logger: TestSettings.quietLogger)
        try await database.write { db in try await db.raw("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)").run() }
        let synchronous = try await database.write { db in
            try await db.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self)
        }
        #expect(synchronous == 1)  // NORMAL: the flusher, not the commit, waits for the disk
        #expect(try await database.reader.raw("PRAGMA page_size").first()?.decode(column: "page_size", as: Int.self) == 2048)
        #expect(try await database.reader.raw("PRAGMA journal_mode").first()?.decode(column: "journal_mode", as: String.self) == "wal")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 1...40 {
                group.addTask {
                    try await database.write { db in
                        try await db.raw("INSERT INTO notes (id, body) VALUES (\(bind: number), \(bind: "note \(number)"))").run()
                    }
                }
            }
            try await group.waitForAll()
        }
        await database.close()
        let reopened = try await SQLiteDatabase.open(path: path, logger: TestSettings.quietLogger)
        let count = try await reopened.reader.raw("SELECT count(*) AS n FROM notes").first()?.decode(column: "n", as: Int.self)
        await reopened.close()
        #expect(count == 40)
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
        let flusher = try LogFlusher(logPath: path)
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
        #expect(throws: (any Error).self) { try LogFlusher(logPath: path + "-missing") }
    }

    @Test("A read waits for commits it may have seen to reach the disk, and only then")
    func settle() async throws {
        let path = Self.path()
        #expect(FileManager.default.createFile(atPath: path, contents: Data("log".utf8)))
        let flusher = try LogFlusher(logPath: path)
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
        let flusher = try LogFlusher(logPath: "/dev/null")  // fdatasync on it fails with EINVAL
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
}
