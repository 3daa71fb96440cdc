import Foundation

/// A value guarded by a lock, for state that synchronous callbacks (URLSession delegates, stream terminations)
/// share across threads. `Synchronization.Mutex` would do, but iOS 17 does not have it.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Guards `value`.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock. `body` must not block or call back into this lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value.
    var current: Value {
        withLock { $0 }
    }
}
