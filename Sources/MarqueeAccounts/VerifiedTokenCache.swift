import Foundation
import Synchronization

/// Access tokens already checked, so the next request with the same token skips parsing and the signature check.
/// Safe because a token is only ever found by its exact text; each entry still carries the token's expiry.
/// Bounded: when full it starts over (every client simply gets checked once more).
final class VerifiedTokenCache: Sendable {
    private struct Entry {
        let claims: AccessClaims
        let expiresAt: Date
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let capacity: Int

    init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    /// The claims of `token` if it was verified before and has not expired at `date`.
    func claims(for token: String, at date: Date) -> AccessClaims? {
        entries.withLock { entries in
            guard let entry = entries[token] else { return nil }
            guard entry.expiresAt > date else {
                entries[token] = nil
                return nil
            }
            return entry.claims
        }
    }

    func remember(_ claims: AccessClaims, for token: String, expiresAt: Date) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[token] = Entry(claims: claims, expiresAt: expiresAt)
        }
    }
}
