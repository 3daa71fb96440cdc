/// Runs the last of a burst of requests once `delay` has passed without another: a search waits for the typing to
/// pause. Each new request cancels the one before, whether it is still waiting or already running, so that an
/// answer to a query since replaced is never awaited for.
@MainActor final class Debouncer {
    /// How a wait is done; tests pass one that needs no time.
    typealias Sleep = @Sendable (Duration) async throws -> Void

    private let delay: Duration
    private let sleep: Sleep
    /// The request waiting or running.
    private(set) var task: Task<Void, Never>?

    init(delay: Duration, sleep: @escaping Sleep) {
        self.delay = delay
        self.sleep = sleep
    }

    /// Runs `work` after the delay, unless another request comes first.
    func schedule(_ work: @escaping @MainActor () async -> Void) {
        start(after: delay, work)
    }

    /// Runs `work` now, in place of any request waiting or running.
    func runNow(_ work: @escaping @MainActor () async -> Void) {
        start(after: nil, work)
    }

    /// Drops the request waiting or running.
    func cancel() {
        task?.cancel()
        task = nil
    }

    private func start(after delay: Duration?, _ work: @escaping @MainActor () async -> Void) {
        task?.cancel()
        task = Task { [sleep] in
            if let delay {
                do {
                    try await sleep(delay)
                } catch {
                    return
                }
            }
            guard !Task.isCancelled else { return }
            await work()
        }
    }

    deinit {
        task?.cancel()
    }
}
