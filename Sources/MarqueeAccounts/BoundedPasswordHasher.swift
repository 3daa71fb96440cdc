import MarqueeCore
import Synchronization

/// A `PasswordHasher` that lets at most `capacity` hashes and checks be under way (running or waiting for a thread)
/// at once, and turns the rest away with `auth.busy` at once. Each check costs a core a quarter of a second, so a
/// queue without a bound lets a flood of sign-ins from many addresses make everyone's wait grow without end; a full
/// queue answers in microseconds instead, with the seconds after which it has likely drained.
package final class BoundedPasswordHasher: PasswordHasher {
    private let base: any PasswordHasher
    private let capacity: Int
    private let retryAfterSeconds: Int
    private let inFlight = Mutex(0)

    /// Wraps `base`, allowing `capacity` operations at once (say, four per core), and suggesting a retry after
    /// `retryAfterSeconds` when full.
    package init(_ base: any PasswordHasher, capacity: Int, retryAfterSeconds: Int = 2) {
        self.base = base
        self.capacity = max(1, capacity)
        self.retryAfterSeconds = retryAfterSeconds
    }

    package func hash(_ password: String) async throws -> String {
        try await admitted { try await base.hash(password) }
    }

    package func verify(_ password: String, against hash: String) async throws -> Bool {
        try await admitted { try await base.verify(password, against: hash) }
    }

    private func admitted<T>(_ work: () async throws -> T) async throws -> T {
        let admitted = inFlight.withLock { count in
            guard count < capacity else { return false }
            count += 1
            return true
        }
        guard admitted else {
            throw DomainError(
                .authBusy, "The server is busy checking passwords. Please try again in a few seconds.",
                retryAfterSeconds: retryAfterSeconds)
        }
        defer { inFlight.withLock { $0 -= 1 } }
        return try await work()
    }
}
