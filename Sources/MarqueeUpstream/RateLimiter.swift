/// Spaces outbound requests so no more than `perSecond` start in any second (a token bucket holding one
/// second's worth, refilled continuously). Callers over the limit wait their turn, in order.
actor RateLimiter {
    private let perSecond: Double
    private let clock = ContinuousClock()
    private var nextFree: ContinuousClock.Instant

    init(perSecond: Double) {
        self.perSecond = max(perSecond, 0.1)
        // A fresh limiter is idle: a full second's burst is available at once.
        self.nextFree = clock.now - .seconds(1)
    }

    /// Waits until a request may start; returns false at once, taking no slot, when that would mean waiting
    /// longer than `maxWait` (a burst of misses must not queue everyone behind it for minutes).
    func acquire(maxWait: Duration) async throws -> Bool {
        let interval = Duration.seconds(1 / perSecond)
        let now = clock.now
        // Allow a burst of one second's worth after idleness.
        let earliest = now - .seconds(1) + interval
        if nextFree < earliest { nextFree = earliest }
        let slot = nextFree
        guard slot - now <= maxWait else { return false }
        nextFree = slot + interval
        if slot > now { try await clock.sleep(until: slot) }
        return true
    }
}
