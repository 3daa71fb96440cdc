import Logging
import MarqueeStore
import Synchronization
import VaporCSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes commits durable outside the writer connection. The writer commits with `synchronous=NORMAL`, which puts the
/// commit in the write-ahead log without waiting for the disk; its writers are answered only once an `fdatasync` of
/// the log, begun after their commit, has returned. An answered write survives a power cut, as with
/// `synchronous=FULL`, but the writer can run the next group of writes while the disk takes the last one, and one
/// flush covers every commit made before it began.
///
/// One thing differs from `FULL`: other connections see a commit before it is on disk. Reads whose answers must not
/// get ahead of the disk (a change's sequence number, which after a power cut could be given to another change)
/// call `settle()` first.
///
/// Flushes run one at a time, so each reports the write errors since the one before. A flush that fails fails every
/// flush after it, and every write: Linux may forget the pages it could not write once it has said so, so a later
/// flush that succeeds proves nothing. The server has to be restarted (SQLite then recovers the log).
final class LogFlusher: Sendable {
    typealias Answer = @Sendable ((any Error)?) -> Void

    private struct State {
        var waiting: [Answer] = []
        var draining = false
        /// Commits begun, and ended (committed or not), so far.
        var begun = 0
        var ended = 0
        /// Every commit up to this many ended is on disk.
        var flushedThrough = 0
        var failure: (any Error)?
    }

    private let descriptor: CInt
    private let path: String
    private let logger: Logger
    private let thread = DedicatedThread(name: "sqlite-flusher")
    private let state = Mutex(State())
    /// Held for the whole of each flush.
    private let flushing = Mutex(())

    /// Opens the log file at `path` (SQLite's write-ahead log, which lives as long as a connection is open). A failed
    /// flush is logged to `logger`.
    init(logPath path: String, logger: Logger) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw SQLiteFailure(code: SQLITE_CANTOPEN, message: "cannot open \(path): errno \(errno)")
        }
        self.descriptor = descriptor
        self.path = path
        self.logger = logger
    }

    deinit {
        thread.stop()
        close(descriptor)
    }

    /// The flush failure that stopped all writing, if one did.
    var failure: (any Error)? { state.withLock { $0.failure } }

    /// Whether a commit that readers may have seen is not known to be on disk yet.
    var hasUnflushedCommits: Bool { state.withLock { $0.flushedThrough < $0.begun } }

    /// Before a `COMMIT`: from here on, readers may see it.
    func commitBegins() { state.withLock { $0.begun += 1 } }

    /// After a `COMMIT` returned, whether it committed or not.
    func commitEnded() { state.withLock { $0.ended += 1 } }

    /// Flushes on the calling thread: for a commit with no other writes waiting, which has nothing to overlap with
    /// and so need not wake another thread. Flushes run one at a time, whichever thread they are on.
    func flushNow() -> (any Error)? {
        flushing.withLock { _ in
            let (covers, failure) = state.withLock { ($0.ended, $0.failure) }
            if let failure { return failure }
            while fdatasync(descriptor) != 0 {
                let code = errno
                guard code == EINTR else {
                    logger.critical(
                        "Flushing the SQLite log failed: no more writes until the server is restarted",
                        metadata: ["path": "\(path)", "errno": "\(code)"])
                    let error = SQLiteFailure.cannotWrite
                    state.withLock { $0.failure = error }
                    return error
                }
            }
            state.withLock { $0.flushedThrough = max($0.flushedThrough, covers) }
            return nil
        }
    }

    /// Flushes on the flusher's thread, then calls `answer`; the caller goes on at once. Commits handed over while a
    /// flush is running wait for the next one, which covers them all.
    func flush(then answer: @escaping Answer) {
        let starts = state.withLock { state in
            state.waiting.append(answer)
            defer { state.draining = true }
            return !state.draining
        }
        if starts { Task(executorPreference: thread) { self.drain() } }
    }

    /// Returns once every commit that a read made before this call could have seen is on disk: at once if none is
    /// waiting for a flush, which is always the case without writes going on.
    func settle() async throws {
        guard hasUnflushedCommits else { return }
        let error = await withCheckedContinuation { continuation in
            flush { continuation.resume(returning: $0) }
        }
        if let error { throw error }
    }

    private func drain() {
        while true {
            let answers = state.withLock { state in
                defer { state.waiting.removeAll(keepingCapacity: true) }
                if state.waiting.isEmpty { state.draining = false }
                return state.waiting
            }
            if answers.isEmpty { return }
            let error = flushNow()
            for answer in answers { answer(error) }
        }
    }
}
