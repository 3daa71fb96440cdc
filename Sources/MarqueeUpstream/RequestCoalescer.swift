/// Makes concurrent identical requests share one piece of work: the first caller for a key starts it, everyone
/// asking for the same key while it runs awaits the same result.
actor RequestCoalescer<Value: Sendable> {
    private var inFlight: [String: Task<Value, any Error>] = [:]

    func value(for key: String, work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let task = inFlight[key] { return try await task.value }
        let task = Task { try await work() }
        inFlight[key] = task
        defer { inFlight[key] = nil }
        return try await task.value
    }

    /// Whether work for `key` is under way (a caller asking now joins it at no cost).
    func isRunning(_ key: String) -> Bool { inFlight[key] != nil }

    /// Starts `work` for `key` unless it is already running, without waiting for it.
    func startIfIdle(_ key: String, work: @escaping @Sendable () async throws -> Value) {
        guard inFlight[key] == nil else { return }
        let task = Task { try await work() }
        inFlight[key] = task
        Task {
            _ = try? await task.value
            self.finish(key, task)
        }
    }

    private func finish(_ key: String, _ task: Task<Value, any Error>) {
        if inFlight[key] == task { inFlight[key] = nil }
    }
}
