package import Foundation
package import MarqueeCore
import MarqueeStore

/// Counts attempts per key (an account's address, a client's IP) in a sliding window and refuses a key that
/// reached the limit, with the seconds until its oldest counted attempt leaves the window. In memory: for one
/// instance alone (instances sharing a database use `SQLAttemptLimiter`).
package actor AttemptThrottle: AttemptLimiter {
    private let limit: Int
    private let window: TimeInterval
    private let now: @Sendable () -> Date
    private var attempts: [String: [Date]] = [:]
    /// Beyond this many keys the quietest are forgotten, so a flood of addresses cannot exhaust memory.
    private let maxKeys = 100_000

    /// Creates a throttle allowing `limit` attempts per key per `window`; a limit of 0 turns it off.
    package init(limit: Int = 10, window: TimeInterval = 60, now: @escaping @Sendable () -> Date = { Date() }) {
        self.limit = limit
        self.window = window
        self.now = now
    }

    /// Throws `auth.too_many_attempts` when any of `keys` reached the limit (times `allowance`).
    package func check(_ keys: [String], allowance: Int = 1) throws(DomainError) {
        guard limit > 0 else { return }
        let limit = limit * max(1, allowance)
        let current = now()
        var wait: TimeInterval = 0
        for key in keys {
            let recent = (attempts[key] ?? []).filter { current.timeIntervalSince($0) < window }
            if recent.count >= limit, let oldest = recent.first {
                wait = max(wait, window - current.timeIntervalSince(oldest))
            }
        }
        if wait > 0 { throw DomainError.tooManyAttempts(retryAfter: max(1, Int(wait.rounded(.up)))) }
    }

    /// Counts an attempt against each of `keys` (remembering at most the limit times `allowance` of each).
    package func record(_ keys: [String], allowance: Int = 1) {
        guard limit > 0 else { return }
        let limit = limit * max(1, allowance)
        let current = now()
        for key in keys {
            var recent = (attempts[key] ?? []).filter { current.timeIntervalSince($0) < window }
            recent.append(current)
            attempts[key] = Array(recent.suffix(limit))
        }
        if attempts.count > maxKeys {
            attempts = attempts.filter { _, dates in dates.last.map { current.timeIntervalSince($0) < window } ?? false
            }
        }
    }

    /// Takes back the latest attempt counted against each of `keys` (the attempt succeeded).
    package func refund(_ keys: [String]) {
        for key in keys where attempts[key]?.isEmpty == false { attempts[key]?.removeLast() }
    }

    /// Checks, then counts: for actions where every attempt counts (sign-up, reset and resend mails), and for
    /// checks that are counted before they run and refunded when they succeed.
    package func attempt(_ keys: [String], allowance: Int) throws(DomainError) {
        try check(keys, allowance: allowance)
        record(keys, allowance: allowance)
    }
}
