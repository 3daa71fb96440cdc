import Synchronization

/// Lets at most `width` pieces of bulk work run at once; the rest wait their turn, first come first served.
///
/// Exports and snapshots read and encode a whole account. Each piece (a chunk, a part) is short, but a few of them
/// side by side would take every core, and every other request (a sign-in, `/healthz`) would queue behind them. Run
/// through one lane narrower than the machine, bulk work shares what it has and leaves the rest to everyone else.
package final class WorkLane: Sendable {
    /// How many pieces may run at once.
    package let width: Int
    private let state = Mutex(State())

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// Index of the first waiter in `waiting`, so that taking one is not a copy of the rest.
        var head = 0
    }

    /// A lane for `width` pieces at once (at least one).
    package init(width: Int) {
        self.width = max(1, width)
    }

    /// How many pieces wait for their turn.
    package var waitingCount: Int {
        state.withLock { $0.waiting.count - $0.head }
    }

    /// Runs `work` once the lane has room for it, on the caller's actor.
    package func run<T>(isolation: isolated (any Actor)? = #isolation, _ work: () async throws -> T) async rethrows -> T
    {
        await enter()
        defer { leave() }
        return try await work()
    }

    private func enter() async {
        let admitted = state.withLock { state in
            guard state.running < width else { return false }
            state.running += 1
            return true
        }
        if admitted { return }
        await withCheckedContinuation { continuation in
            let admittedNow = state.withLock { state in
                guard state.running < width else {
                    state.waiting.append(continuation)
                    return false
                }
                state.running += 1
                return true
            }
            if admittedNow { continuation.resume() }
        }
    }

    private func leave() {
        // A waiter takes over the place that is left, so `running` only drops when nobody waits.
        let next: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard state.head < state.waiting.count else {
                state.running -= 1
                return nil
            }
            let next = state.waiting[state.head]
            state.head += 1
            // Those taken are dropped once they are half of the array, so a queue that never empties stays small.
            if state.head * 2 >= state.waiting.count {
                state.waiting.removeFirst(state.head)
                state.head = 0
            }
            return next
        }
        next?.resume()
    }
}
