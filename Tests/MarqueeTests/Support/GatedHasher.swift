import MarqueeAccounts
import Synchronization

/// A cheap bcrypt that holds every password check at a gate until the test opens it, counting how many wait
/// there, and counting every hash: for tests of how many checks run at once, and of which requests cost any.
final class GatedHasher: PasswordHasher {
    private let base = BcryptPasswordHasher(cost: 4)
    private let state = Mutex(State())

    private struct State {
        var closed = false
        var waiting = 0
        var hashes = 0
        var held: [CheckedContinuation<Void, Never>] = []
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    /// How many hashes (not checks) were made.
    var hashes: Int { state.withLock { $0.hashes } }

    /// Holds every check from now on until `open()`.
    func close() {
        state.withLock { $0.closed = true }
    }

    /// Lets every held check (and every later one) through.
    func open() {
        let held = state.withLock { state in
            state.closed = false
            defer { state.held = [] }
            return state.held
        }
        for check in held { check.resume() }
    }

    /// Returns once `count` checks are held at the gate.
    func waitUntilHolding(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                guard state.waiting < count else { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    func hash(_ password: String) async throws -> String {
        state.withLock { $0.hashes += 1 }
        return try await base.hash(password)
    }

    func verify(_ password: String, against hash: String) async throws -> Bool {
        await withCheckedContinuation { check in
            let ready = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
                guard state.closed else { return nil }
                state.held.append(check)
                state.waiting += 1
                let ready = state.watchers.filter { $0.count <= state.waiting }.map(\.continuation)
                state.watchers.removeAll { $0.count <= state.waiting }
                return ready
            }
            guard let ready else { return check.resume() }
            for watcher in ready { watcher.resume() }
        }
        return try await base.verify(password, against: hash)
    }
}
