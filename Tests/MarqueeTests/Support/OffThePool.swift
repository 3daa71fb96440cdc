import Foundation

/// Runs `work`, which blocks (reading a pipe to its end, waiting for a child process), on a thread of its own.
///
/// Swift's concurrency pool has one thread per core, two on the machines these tests run on. A test that blocks one
/// of them halves every other test's speed, and two stop them all: a 50 ms watchdog once took ten seconds to fire
/// while suites waited for `postgres-start` and `openssl` that way.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// ``offThePool(_:)`` for work that cannot fail.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

extension ChildProcess {
    /// Waits for the child to exit without holding one of the pool's threads; see ``waitUntilExit()``.
    func exited() async -> Int32 {
        await offThePool { self.waitUntilExit() }
    }
}
