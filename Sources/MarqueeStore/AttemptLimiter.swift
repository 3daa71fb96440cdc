package import MarqueeCore

/// Limits attempts per key (an account's address, a client's IP) in a sliding window, for sign-in and mail-sending
/// actions.
package protocol AttemptLimiter: Sendable {
    /// Counts an attempt against each of `keys`, or throws `auth.too_many_attempts` (counting nothing) when one of
    /// them reached the limit times `allowance` (keys for costly but legitimate actions allow several times the
    /// limit that failures get).
    func attempt(_ keys: [String], allowance: Int) async throws
    /// Takes back the latest attempt counted against each of `keys` (the attempt succeeded).
    func refund(_ keys: [String]) async
}

extension AttemptLimiter {
    /// Counts an attempt against each of `keys` at the plain limit (see `attempt(_:allowance:)`).
    package func attempt(_ keys: [String]) async throws {
        try await attempt(keys, allowance: 1)
    }
}

extension DomainError {
    /// `auth.too_many_attempts`, retry after `seconds`.
    package static func tooManyAttempts(retryAfter seconds: Int) -> DomainError {
        DomainError(
            .tooManyAttempts, "Too many attempts. Please wait \(seconds) seconds and try again.",
            retryAfterSeconds: seconds)
    }
}
