import Observation

/// One value a screen loads, kept as a `LoadState`. A newer load wins: the answer of one begun before it is dropped,
/// and a load that was cancelled (a query since replaced) puts back the state it found, even when its answer came.
@MainActor @Observable final class ValueLoader<Value: Sendable> {
    typealias Fetch = @Sendable () async throws -> Value

    private(set) var state: LoadState<Value> = .idle
    @ObservationIgnored private var generation = 0
    private let isEmpty: (Value) -> Bool

    /// Creates a loader; `isEmpty` says which answers are shown as the empty state.
    init(isEmpty: @escaping (Value) -> Bool = { _ in false }) {
        self.isEmpty = isEmpty
    }

    /// Loads with `fetch`, unless the value is loaded or on its way already.
    func load(_ fetch: @escaping Fetch) async {
        switch state {
        case .loaded, .loading: return
        case .idle, .empty, .failed: await reload(fetch, keepingContent: false)
        }
    }

    /// Loads with `fetch` again; with `keepingContent`, what is loaded stays on screen until the answer comes.
    func reload(_ fetch: @escaping Fetch, keepingContent: Bool) async {
        generation += 1
        let generation = generation
        let previous = state
        if !keepingContent || state.content == nil { state = .loading }
        do {
            let value = try await fetch()
            guard generation == self.generation else { return }
            guard !Task.isCancelled else {
                state = previous
                return
            }
            state = isEmpty(value) ? .empty : .loaded(value)
        } catch {
            guard generation == self.generation else { return }
            state = LoadState.failure(error) ?? previous
        }
    }

    /// Forgets the value, and drops any answer still on its way.
    func reset() {
        generation += 1
        state = .idle
    }

    /// Shows `value`, as an action's answer gave it, in place of any load under way.
    func show(_ value: Value) {
        generation += 1
        state = isEmpty(value) ? .empty : .loaded(value)
    }
}
