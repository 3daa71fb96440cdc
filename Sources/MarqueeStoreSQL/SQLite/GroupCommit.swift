import MarqueeStore
import SQLKit
import Synchronization

/// Runs write transactions so that writes arriving together share one commit (one `fsync`). The first writer to
/// find nobody committing leads: it takes every queued write, runs each inside a savepoint of one transaction (a
/// write that fails is rolled back alone), commits, and answers each writer once the commit is on disk. Writes that
/// queued meanwhile form the next group, led by a task of its own. Alone, a write is simply its own transaction.
///
/// With a `LogFlusher`, the commit itself does not wait for the disk: the next group runs while the flusher makes
/// this one durable, unless nothing is waiting, when the leader flushes in place (no thread to wake for one save).
final class GroupCommit: Sendable {
    private struct State {
        var queue: [any QueuedWrite] = []
        var leading = false
    }

    private let database: any SQLDatabase
    private let flusher: LogFlusher?
    private let executor: any TaskExecutor
    private let state = Mutex(State())

    /// Transactions run on `executor`. Without a `flusher`, each `COMMIT` must itself wait for the disk
    /// (`synchronous=FULL`).
    init(database: any SQLDatabase, flusher: LogFlusher?, executor: any TaskExecutor) {
        self.database = database
        self.flusher = flusher
        self.executor = executor
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let write = PendingWrite(body)
        let leads = state.withLock { state in
            state.queue.append(write)
            defer { state.leading = true }
            return !state.leading
        }
        if leads {
            await withTaskExecutorPreference(executor) {
                // The preference moves the task at its next suspension, which a statement that is answered at once
                // never makes: yield, so that the group surely runs on the writer's thread (a test saw it run on
                // the shared pool about once in a dozen full runs).
                await Task.yield()
                await lead()
            }
        }
        return try await write.outcome()
    }

    /// Commits the queued group (which holds this writer's own write), then hands the lead to a new task if more
    /// writes queued meanwhile, so this writer answers its caller now instead of serving everyone after it.
    private func lead() async {
        let group = state.withLock { state -> [any QueuedWrite] in
            defer { state.queue.removeAll(keepingCapacity: true) }
            return state.queue
        }
        let committed = await commit(group)
        let more = state.withLock { state in
            if state.queue.isEmpty { state.leading = false }
            return !state.queue.isEmpty
        }
        if more { Task(executorPreference: executor) { await self.lead() } }
        guard committed else { return }
        switch (flusher, more) {
        case (nil, _): Self.finish(group, nil)
        case (let flusher?, false): Self.finish(group, flusher.flushNow())
        case (let flusher?, true): flusher.flush { error in Self.finish(group, error) }
        }
    }

    /// Commits, telling the flusher that readers may see the commit from now on (see `LogFlusher.settle()`).
    private func commitVisibly(_ db: any SQLDatabase) async throws {
        flusher?.commitBegins()
        defer { flusher?.commitEnded() }
        try await db.raw("COMMIT").run()
    }

    private static func finish(_ group: [any QueuedWrite], _ error: (any Error)?) {
        for write in group { write.finish(committed: error) }
    }

    /// Runs the group in one transaction; true if it committed (its writers still to be answered), false if every
    /// writer has had its answer already (the transaction could not start, failed, or had nothing to commit).
    private func commit(_ group: [any QueuedWrite]) async -> Bool {
        if let failure = flusher?.failure {
            Self.finish(group, failure)
            return false
        }
        let db = database
        do {
            try await db.raw("BEGIN IMMEDIATE").run()
        } catch {
            Self.finish(group, error)
            return false
        }
        do {
            if group.count == 1 {
                guard await group[0].run(on: db) else { throw GroupCommitSkipped() }
            } else {
                for write in group {
                    try await db.raw("SAVEPOINT grouped_write").run()
                    if !(await write.run(on: db)) {
                        do {
                            try await db.raw("ROLLBACK TO grouped_write").run()
                        } catch {
                            // SQLite has already given up the whole transaction (a full disk, an I/O error), savepoint
                            // and all: the group fails together with that write's own error (storage.unavailable),
                            // not with "no such savepoint", and nothing runs on outside a transaction.
                            throw write.failure ?? error
                        }
                    }
                    try await db.raw("RELEASE grouped_write").run()
                }
            }
            try await commitVisibly(db)
            return true
        } catch {
            try? await db.raw("ROLLBACK").run()
            Self.finish(group, error is GroupCommitSkipped ? nil : error)
            return false
        }
    }
}

/// The lone write of a group failed: its error is its answer, and there is nothing to commit.
private struct GroupCommitSkipped: Error {}

private protocol QueuedWrite: Sendable {
    /// Runs the write's body; false if it threw (its error is kept for its answer).
    func run(on db: any SQLDatabase) async -> Bool
    /// The error the body threw, if it ran and threw.
    var failure: (any Error)? { get }
    /// Answers the writer once the group's fate is known (`committed` is the commit's error, if any).
    func finish(committed error: (any Error)?)
}

private final class PendingWrite<T: Sendable>: QueuedWrite {
    private struct State {
        var result: Result<T, any Error>?
        var answer: Result<T, any Error>?
        var waiter: CheckedContinuation<T, any Error>?
    }

    private let body: @Sendable (any SQLDatabase) async throws -> T
    private let state = Mutex(State())

    init(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) {
        self.body = body
    }

    func run(on db: any SQLDatabase) async -> Bool {
        do {
            let value = try await body(db)
            state.withLock { $0.result = .success(value) }
            return true
        } catch {
            state.withLock { $0.result = .failure(error) }
            return false
        }
    }

    var failure: (any Error)? {
        state.withLock { state in
            if case .failure(let error) = state.result { return error }
            return nil
        }
    }

    func finish(committed error: (any Error)?) {
        let (waiter, answer) = state.withLock { state -> (CheckedContinuation<T, any Error>?, Result<T, any Error>) in
            var answer = state.result ?? .failure(error ?? GroupCommitSkipped())
            if let error, case .success = answer { answer = .failure(error) }
            state.answer = answer
            defer { state.waiter = nil }
            return (state.waiter, answer)
        }
        waiter?.resume(with: answer)
    }

    func outcome() async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let answer = state.withLock { state -> Result<T, any Error>? in
                if state.answer == nil { state.waiter = continuation }
                return state.answer
            }
            if let answer { continuation.resume(with: answer) }
        }
    }
}
