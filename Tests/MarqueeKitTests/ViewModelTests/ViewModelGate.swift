import Foundation
import Observation

/// A door that stays shut until opened. `wait()` gives up when its task is cancelled; `waitRegardless()` does not,
/// as a slow server answers a request its client has given up on.
actor ViewModelGate {
    private var isOpen = false
    private var waiters: [UUID: CheckedContinuation<Void, any Error>] = [:]
    private var stubborn: [CheckedContinuation<Void, Never>] = []

    func open() {
        isOpen = true
        for waiter in waiters.values { waiter.resume() }
        waiters = [:]
        for waiter in stubborn { waiter.resume() }
        stubborn = []
    }

    func wait() async throws {
        if isOpen { return }
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    func waitRegardless() async {
        if isOpen { return }
        await withCheckedContinuation { stubborn.append($0) }
    }

    private func cancel(_ id: UUID) {
        waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }
}

/// What a test's closures record, in order.
actor ViewModelLog<Entry: Sendable> {
    private(set) var entries: [Entry] = []

    func add(_ entry: Entry) {
        entries.append(entry)
    }
}

/// A count that a test and its handlers share.
actor ViewModelCounter {
    private(set) var value = 0

    /// Counts one more, and returns the count.
    func next() -> Int {
        value += 1
        return value
    }
}

/// Returns once `condition` holds, checking it again each time something it reads changes (a view model's state).
@MainActor func waitForChanges(until condition: @escaping @MainActor () -> Bool) async {
    while !condition() {
        await withCheckedContinuation { continuation in
            withObservationTracking {
                _ = condition()
            } onChange: {
                continuation.resume()
            }
        }
    }
}
