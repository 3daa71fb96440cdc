/// When `MarqueeClient` sends a call again by itself: only calls that are harmless to repeat (GET, PUT, DELETE),
/// only after failures the server may not have acted on — no answer at all, 429, 502, 503, 504 — and only a few
/// times, waiting longer each time and never less than the server's `Retry-After`. A call that would have to wait
/// past `maxTotalDelay` in all fails at once instead, with the server's error (and its `retryAfter`).
public struct RetryPolicy: Sendable {
    /// How many times a call is sent again after its first try.
    public var maxRetries: Int
    /// The wait before the first retry when the server names none; it doubles for each retry after.
    public var initialDelay: Duration
    /// The most a call waits between its tries, in all.
    public var maxTotalDelay: Duration
    /// How a wait is done; tests replace it to record the waits instead.
    var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

    /// Creates a policy.
    public init(
        maxRetries: Int = 2, initialDelay: Duration = .milliseconds(500), maxTotalDelay: Duration = .seconds(30)
    ) {
        self.maxRetries = maxRetries
        self.initialDelay = initialDelay
        self.maxTotalDelay = maxTotalDelay
    }

    /// Two retries, half a second then a second apart (or as `Retry-After` says), at most 30 seconds of waiting.
    public static let standard = RetryPolicy()

    /// No call is ever sent twice.
    public static let never = RetryPolicy(maxRetries: 0)

    /// The wait before retry number `retries + 1` of a call that failed with `failure` (`retryAfter` seconds asked
    /// for by the server) after waiting `waited` already; nil when it is not to be retried.
    func delay(after failure: MarqueeError, retryAfter: Int?, retries: Int, waited: Duration) -> Duration? {
        guard retries < maxRetries, Self.isTransient(failure) else { return nil }
        let delay = retryAfter.map { Duration.seconds($0) } ?? initialDelay * (1 << min(retries, 16))
        guard waited + delay <= maxTotalDelay else { return nil }
        return delay
    }

    /// Whether the server may not have acted on the call, and may take it a moment later.
    static func isTransient(_ failure: MarqueeError) -> Bool {
        switch failure {
        case .offline: true
        case .server(_, _, let status, _, _), .unreadableResponse(let status): [429, 502, 503, 504].contains(status)
        case .cancelled, .signedOut, .storageUnavailable: false
        }
    }
}
