/// How a `ChangeFeed` waits between connection attempts, and how long it trusts a silent connection.
public struct ReconnectPolicy: Sendable, Equatable {
    /// The wait after the first failure; each failure in a row doubles it.
    public var initialDelay: Duration
    /// The longest wait, jitter included.
    public var maximumDelay: Duration
    /// How far each wait is spread at random, as a fraction of it (0.5: from half to one and a half times), so
    /// that devices cut off together do not all come back at the same instant.
    public var jitter: Double
    /// How long a connection may stay silent (no event, no heartbeat) before it is taken for dead and replaced. The
    /// server sends a heartbeat about every 15 seconds.
    public var idleTimeout: Duration
    /// How long a connection must stay open for the waits to start again from `initialDelay` once it ends. A server
    /// that takes each connection and drops it at once (overloaded, or behind a failing proxy) is then tried less
    /// and less often, rather than every `initialDelay`.
    public var stableAfter: Duration

    /// A policy; the defaults wait 1 s, then 2 s, 4 s, … up to a minute, spread by ±50%, drop a connection silent
    /// for 45 s, and start the waits again after a connection that lasted 30 s.
    public init(
        initialDelay: Duration = .seconds(1), maximumDelay: Duration = .seconds(60), jitter: Double = 0.5,
        idleTimeout: Duration = .seconds(45), stableAfter: Duration = .seconds(30)
    ) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.jitter = min(max(jitter, 0), 1)
        self.idleTimeout = idleTimeout
        self.stableAfter = stableAfter
    }

    /// The wait before attempt `failures + 1`, after `failures` failures in a row; `random` is in -1...1.
    func delay(afterFailures failures: Int, random: Double) -> Duration {
        // Doubling past the cap only risks overflow: 2^20 seconds is far beyond any sensible cap.
        let grown = initialDelay * (1 << min(max(failures, 0), 20))
        let spread = min(grown, maximumDelay) * (1 + jitter * min(max(random, -1), 1))
        return min(max(spread, .zero), maximumDelay)
    }
}
