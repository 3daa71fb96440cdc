import Synchronization

/// The part of an upstream's budget anonymous callers may spend: `perSecond` calls a second among them all (with a
/// burst of five seconds' worth), and `perAddressPerSecond` for each client address, with a burst of `burst` calls
/// (token buckets). At
/// most `maxAddresses` addresses are remembered; past that the quietest are forgotten, so a flood of addresses
/// cannot exhaust memory (a forgotten address starts again with a full bucket, within the shared limit).
final class AnonymousShare: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private struct State {
        var shared: Bucket
        var addresses: [String: Bucket] = [:]
    }

    private let perSecond: Double
    private let perAddressPerSecond: Double
    private let burst: Double
    private let maxAddresses: Int
    private let state: Mutex<State>

    init(perSecond: Double, perAddressPerSecond: Double, burst: Double = 5, maxAddresses: Int = 10_000) {
        self.perSecond = perSecond
        self.perAddressPerSecond = perAddressPerSecond
        self.burst = burst
        self.maxAddresses = maxAddresses
        state = Mutex(State(shared: Bucket(tokens: perSecond * 5, updated: .now)))
    }

    /// Takes one call for `address`: nil when granted, else the seconds until one would be.
    func take(for address: String) -> Int? {
        let now = ContinuousClock.now
        return state.withLock { state in
            var own = state.addresses[address] ?? Bucket(tokens: burst, updated: now)
            Self.refill(&own, rate: perAddressPerSecond, cap: burst, now: now)
            Self.refill(&state.shared, rate: perSecond, cap: perSecond * 5, now: now)
            defer {
                if state.addresses.count >= maxAddresses, state.addresses[address] == nil {
                    forgetQuietest(&state, now: now)
                }
                state.addresses[address] = own
            }
            guard own.tokens >= 1, state.shared.tokens >= 1 else {
                let wait = max((1 - own.tokens) / perAddressPerSecond, (1 - state.shared.tokens) / perSecond)
                return max(1, Int(wait.rounded(.up)))
            }
            own.tokens -= 1
            state.shared.tokens -= 1
            return nil
        }
    }

    /// Forgets the addresses whose buckets have filled up again (they start full anyway), and if that is not enough
    /// the least recently seen half: the table stays within `maxAddresses`, swept once per half of it.
    private func forgetQuietest(_ state: inout State, now: ContinuousClock.Instant) {
        let fullAgain = Duration.seconds(burst / perAddressPerSecond)
        state.addresses = state.addresses.filter { now - $0.value.updated < fullAgain }
        guard state.addresses.count >= maxAddresses / 2 else { return }
        let newestFirst = state.addresses.sorted { $0.value.updated > $1.value.updated }
        state.addresses = Dictionary(
            uniqueKeysWithValues: newestFirst.prefix(maxAddresses / 2).map { ($0.key, $0.value) })
    }

    private static func refill(_ bucket: inout Bucket, rate: Double, cap: Double, now: ContinuousClock.Instant) {
        let elapsed = now - bucket.updated
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        bucket.tokens = min(cap, bucket.tokens + seconds * rate)
        bucket.updated = now
    }
}
