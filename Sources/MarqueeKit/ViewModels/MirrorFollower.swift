/// Calls a view model back each time the mirror changes, until the view model lets go of it. The callback should
/// hold its view model weakly, so that the view model can go away while this follows.
@MainActor final class MirrorFollower {
    private var task: Task<Void, Never>?

    /// Starts following `mirror`, once: `read` is called at once, then after each change.
    func start(_ mirror: any MirrorAccess, _ read: @escaping @MainActor () async -> Void) {
        guard task == nil else { return }
        task = Task {
            let updates = await mirror.updates()
            await read()
            for await _ in updates { await read() }
        }
    }

    deinit {
        task?.cancel()
    }
}
