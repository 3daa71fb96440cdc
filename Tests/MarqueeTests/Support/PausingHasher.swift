import MarqueeAccounts
import Synchronization

/// A cheap bcrypt whose next password check can be held half-way: a test holds it, starts a sign-in, waits until
/// the sign-in is inside the check, commits something meanwhile, then lets the check finish. Races that need a
/// quarter of a second of bad luck become certain.
final class PausingHasher: PasswordHasher {
    /// One held check.
    final class Hold: Sendable {
        private let reachedSignal = AsyncStream.makeStream(of: Void.self)
        private let releaseSignal = AsyncStream.makeStream(of: Void.self)

        /// Returns once a check has stopped here.
        func reached() async {
            for await _ in reachedSignal.stream { return }
        }

        /// Lets the check go on.
        func release() {
            releaseSignal.continuation.yield()
            releaseSignal.continuation.finish()
        }

        fileprivate func pause() async {
            reachedSignal.continuation.yield()
            reachedSignal.continuation.finish()
            for await _ in releaseSignal.stream { return }
        }
    }

    private let base = BcryptPasswordHasher(cost: 4)
    private let next = Mutex<Hold?>(nil)

    /// Holds the next password check (only that one) once it has compared the password with the stored hash.
    func holdNextCheck() -> Hold {
        let hold = Hold()
        next.withLock { $0 = hold }
        return hold
    }

    func hash(_ password: String) async throws -> String {
        try await base.hash(password)
    }

    func verify(_ password: String, against hash: String) async throws -> Bool {
        let matches = try await base.verify(password, against: hash)
        if let hold = next.withLock({ held in
            defer { held = nil }
            return held
        }) {
            await hold.pause()
        }
        return matches
    }
}
