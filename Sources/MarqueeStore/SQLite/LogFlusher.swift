#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOPosix
import Synchronization
import VaporCSQLite

/// Makes commits durable outside the writer connection. The writer commits with `synchronous=NORMAL`, which puts the
/// commit in the write-ahead log without waiting for the disk; its writers are answered only once an `fdatasync` of
/// the log, begun after their commit, has returned. An answered write survives a power cut, as with
/// `synchronous=FULL`, but the writer can run the next group of writes while the disk takes the last one, and one
/// flush covers every commit made before it began.
///
/// A flush that fails fails every flush after it: Linux may forget the pages it could not write once it has said
/// so, so a later flush that succeeds proves nothing. The server has to be restarted (SQLite then recovers the log).
final class LogFlusher: Sendable {
    typealias Answer = @Sendable ((any Error)?) -> Void

    private struct State {
        var waiting: [Answer] = []
        var flushing = false
        var failure: (any Error)?
    }

    private let descriptor: CInt
    private let threads: NIOThreadPool
    private let state = Mutex(State())

    /// Opens the log file at `path` (SQLite's `<database>-wal`, which lives as long as a connection is open).
    init(logPath path: String, threads: NIOThreadPool = .singleton) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SQLiteFailure(code: SQLITE_CANTOPEN, message: "cannot open \(path): errno \(errno)") }
        self.descriptor = descriptor
        self.threads = threads
    }

    deinit { close(descriptor) }

    /// Flushes on the calling thread: for a commit with no other writes waiting, which has nothing to overlap with
    /// and so need not wake another thread.
    func flushNow() -> (any Error)? {
        if let failure = state.withLock({ $0.failure }) { return failure }
        return record(flushed())
    }

    /// Flushes on a pool thread, then calls `answer`; the caller goes on at once. Commits handed over while a flush
    /// is running wait for the next one, which covers them all.
    func flush(then answer: @escaping Answer) {
        let starts = state.withLock { state in
            state.waiting.append(answer)
            defer { state.flushing = true }
            return !state.flushing
        }
        if starts { threads.submit { _ in self.drain() } }
    }

    private func drain() {
        while true {
            let (answers, failure) = state.withLock { state in
                defer { state.waiting.removeAll(keepingCapacity: true) }
                if state.waiting.isEmpty { state.flushing = false }
                return (state.waiting, state.failure)
            }
            if answers.isEmpty { return }
            let error = failure ?? record(flushed())
            for answer in answers { answer(error) }
        }
    }

    private func flushed() -> (any Error)? {
        while fdatasync(descriptor) != 0 {
            guard errno == EINTR else { return SQLiteFailure(code: SQLITE_IOERR, message: "flushing the log failed: errno \(errno)") }
        }
        return nil
    }

    private func record(_ error: (any Error)?) -> (any Error)? {
        guard let error else { return nil }
        return state.withLock { state in
            if state.failure == nil { state.failure = error }
            return state.failure
        }
    }
}
