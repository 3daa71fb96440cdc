import Synchronization

/// When each of many listeners first saw the one thing awaited now: `expect` names it, `arrived` waits for them all,
/// and each listener calls `saw` (once per listener is counted, later calls are ignored).
final class Arrivals: Sendable {
    private struct State {
        var awaited: String?
        var seen: [Int: ContinuousClock.Instant] = [:]
        var listeners = 0
        var waiter: CheckedContinuation<[ContinuousClock.Instant], Never>?
    }

    private let state = Mutex(State())

    /// What is awaited now, if anything.
    var awaited: String? { state.withLock { $0.awaited } }

    /// Awaits `marker` from `listeners` listeners from now on: call before causing it.
    func expect(_ marker: String, from listeners: Int) {
        state.withLock { $0 = State(awaited: marker, listeners: listeners) }
    }

    /// Returns once every listener saw what is awaited: when each did.
    func arrived() async -> [ContinuousClock.Instant] {
        await withCheckedContinuation { continuation in
            let done: [ContinuousClock.Instant]? = state.withLock { state in
                guard state.seen.count < state.listeners else { return Array(state.seen.values) }
                state.waiter = continuation
                return nil
            }
            if let done { continuation.resume(returning: done) }
        }
    }

    /// Listener `listener` saw `marker`.
    func saw(_ marker: String, listener: Int) {
        let now = ContinuousClock.now
        let finished: (CheckedContinuation<[ContinuousClock.Instant], Never>, [ContinuousClock.Instant])? =
            state.withLock { state in
                guard state.awaited == marker, state.seen[listener] == nil else { return nil }
                state.seen[listener] = now
                guard state.seen.count == state.listeners, let waiter = state.waiter else { return nil }
                state.waiter = nil
                state.awaited = nil
                return (waiter, Array(state.seen.values))
            }
        if let (waiter, instants) = finished { waiter.resume(returning: instants) }
    }
}
