/// Calls a view model back each time the mirror changes, until the view model lets go of it. The callback should
/// hold its view model weakly, so that the view model can go away while this follows.
@MainActor final class MirrorFollower {
    private var task: Task<Void, Never>?

    /// Calls `read` and returns once it has; the first time, also starts following `mirror`: `read` is called again
    /// after each change. (It listens before the read, so that no change between the two is missed.)
    func start(_ mirror: any MirrorAccess, _ read: @escaping @MainActor () async -> Void) async {
        guard task == nil else { return await read() }
        let updates = await mirror.updates()
        await read()
        task = Task {
            for await _ in updates { await read() }
        }
    }

    deinit {
        task?.cancel()
    }
}
