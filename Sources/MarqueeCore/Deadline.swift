import Synchronization

/// Waiting for slow work only so long.
package enum Deadline {
    /// What `work` gives if it ends within `deadline`, else nil. Past the deadline `work` is left to finish on its
    /// own (an upstream answer still lands in the cache, for the next request); waiting for it to notice a
    /// cancellation could take as long as the upstream's own timeout.
    package static func first<T: Sendable>(within deadline: Duration, _ work: @escaping @Sendable () async -> T?)
        async -> T?
    {
        let answer = OneAnswer<T?>()
        return await withCheckedContinuation { continuation in
            answer.wait(with: continuation)
            let timer = Task {
                try? await Task.sleep(for: deadline)
                answer.give(nil)
            }
            Task {
                answer.give(await work())
                timer.cancel()
            }
        }
    }
}

/// A continuation resumed by the first of several that answer; later answers are dropped.
private final class OneAnswer<T: Sendable>: Sendable {
    private let waiting = Mutex<CheckedContinuation<T, Never>?>(nil)

    func wait(with continuation: CheckedContinuation<T, Never>) {
        waiting.withLock { $0 = continuation }
    }

    func give(_ value: T) {
        waiting.withLock { $0.take() }?.resume(returning: value)
    }
}
