package import Foundation
package import Logging
package import MarqueeCore
package import MarqueeStore

/// Fetches upstream resources through a persistent cache, the way every upstream of Marquee is used:
/// - fresh cached responses (within the upstream's `Cache-Control: max-age`) are served without a call;
/// - stale ones are served at once and refreshed in the background (stale-while-revalidate), and keep being
///   served while the upstream fails — but never when older than `maxStaleness` (TMDB's terms: 6 months);
/// - concurrent identical requests make one upstream call, across every instance sharing the database too;
/// - calls are spaced by an outbound rate limit (shared by those instances) and retried with backoff on 429 and 5xx;
/// - an upstream with a daily allowance (`Policy.dailyLimit`) gets no more calls than that in a UTC day;
/// - anonymous callers (`UpstreamCaller`) may start only their share of the calls: past it they get what is
///   cached, however stale, or `catalog.upstream_unavailable` with the seconds to wait.
package struct UpstreamFetcher: Sendable {
    /// Tuning of the fetcher.
    package struct Policy: Sendable {
        /// Outbound requests per second at most.
        package var requestsPerSecond: Double = 40
        /// Attempts per request, including the first.
        package var maxAttempts: Int = 3
        /// First retry delay; doubles each retry (a `Retry-After` header wins when shorter than 10 s).
        package var retryBaseDelay: Duration = .milliseconds(250)
        /// Per-request timeout.
        package var timeout: Duration = .seconds(10)
        /// Freshness when the upstream sends no max-age.
        package var defaultMaxAge: Int = 3_600
        /// The oldest cached response ever served.
        package var maxStaleness: TimeInterval = 183 * 86_400
        /// The part of `requestsPerSecond` anonymous callers share.
        package var anonymousShare: Double = 0.25
        /// Calls a second one client address may start while not signed in, after a first burst of
        /// `anonymousPerAddressBurst`.
        package var anonymousPerAddressPerSecond: Double = 1
        /// Calls one client address may start at once while not signed in.
        package var anonymousPerAddressBurst: Double = 5
        /// Calls a UTC day at most, retries included (nil: no daily limit). Past it, callers get what is cached or
        /// the unavailable code, with the seconds until midnight UTC to wait. Callers not signed in may spend only
        /// `anonymousShare` of it.
        package var dailyLimit: Int? = nil

        /// The default policy.
        package init() {}
    }

    private let transport: any HTTPTransport
    let cache: any UpstreamCacheStore
    private let policy: Policy
    private let limiter: RateLimiter
    private let anonymous: AnonymousShare
    private let budget: DailyBudget?
    let coalescer = RequestCoalescer<CachedResponse>()
    /// Batch calls under way, each answered as its parts (see `currentBatch`).
    let batches = RequestCoalescer<BatchAnswer>()
    private let coordination: any UpstreamCoordination
    let now: @Sendable () -> Date
    private let logger: Logger
    let upstreamName: String
    /// What a caller is told when the upstream cannot be reached (`catalog.upstream_unavailable`, …).
    let unavailableCode: ErrorCode

    /// Creates a fetcher for one upstream (`name` appears in logs and error messages; `unavailable` is the code a
    /// caller gets when it cannot be reached).
    package init(
        name: String, transport: any HTTPTransport, cache: any UpstreamCacheStore, policy: Policy = Policy(),
        coordination: any UpstreamCoordination = LocalUpstreamCoordination(), logger: Logger,
        unavailable: ErrorCode = .upstreamUnavailable, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.upstreamName = name
        self.unavailableCode = unavailable
        self.coordination = coordination
        self.transport = transport
        self.cache = cache
        self.policy = policy
        self.limiter = RateLimiter(perSecond: policy.requestsPerSecond)
        self.anonymous = AnonymousShare(
            perSecond: max(0.1, policy.requestsPerSecond * policy.anonymousShare),
            perAddressPerSecond: policy.anonymousPerAddressPerSecond, burst: policy.anonymousPerAddressBurst)
        self.budget = policy.dailyLimit.map { DailyBudget(limit: $0, anonymousShare: policy.anonymousShare) }
        self.logger = logger
        self.now = now
    }

    /// The body of the resource identified by `cacheKey`, fetched from `url` when the cache cannot answer.
    ///
    /// `cacheKey` and `logPath` must not contain credentials; `url` and `headers` may.
    package func body(cacheKey: String, url: String, headers: [(String, String)], logPath: String) async throws
        -> [UInt8]
    {
        let cached = try? await cache.response(for: cacheKey)
        if let cached, isFresh(cached) {
            noteUse(of: cached, key: cacheKey)
            return cached.body
        }
        let servable = cached.flatMap { now().timeIntervalSince($0.fetchedAt) < policy.maxStaleness ? $0 : nil }
        // Joining a call already under way costs no turn.
        if await !coalescer.isRunning(cacheKey), let wait = await anonymousWait() {
            if let servable { return servable.body }
            throw DomainError(
                unavailableCode,
                "Too many new pages were asked for from your address just now. Please try again in \(wait == 1 ? "a second" : "\(wait) seconds"), "
                    + "or sign in.", retryAfterSeconds: wait)
        }
        let fetch: @Sendable () async throws -> CachedResponse = {
            // A call for the same key may have finished, and stored what it fetched, between this request's read
            // of the cache and now: it then starts no second call.
            if let stored = try? await self.cache.response(for: cacheKey), self.isFresh(stored) { return stored }
            return try await self.fetchOnce(cacheKey: cacheKey, url: url, headers: headers, logPath: logPath)
        }
        if let servable {
            await coalescer.startIfIdle(cacheKey, work: fetch)
            noteUse(of: servable, key: cacheKey)
            return servable.body
        }
        return try await coalescer.value(for: cacheKey, work: fetch).body
    }

    /// Whether the request being served is from someone not signed in.
    func isAnonymousCaller() async -> Bool {
        guard let caller = UpstreamCaller.current else { return false }
        return !(await caller.isSignedIn())
    }

    /// Nil when the caller may start an upstream call; otherwise the seconds until it may.
    func anonymousWait() async -> Int? {
        guard let caller = UpstreamCaller.current, !(await caller.isSignedIn()) else { return nil }
        return anonymous.take(for: ClientNetwork.key(for: caller.address))
    }

    /// Records now and then (at most hourly per entry) that a cached response was served, so the cache's size limit
    /// removes what nobody asks for first.
    func noteUse(of cached: CachedResponse, key: String) {
        let date = now()
        guard date.timeIntervalSince(cached.usedAt) > 3_600 else { return }
        Task { [cache] in try? await cache.touch(key, at: date) }
    }

    /// Fetches unless another instance is already fetching the same resource; then waits for its answer to land
    /// in the shared cache (fetching itself only if that takes longer than a request may).
    func fetchOnce(cacheKey: String, url: String, headers: [(String, String)], logPath: String)
        async throws -> CachedResponse
    {
        guard coordination.isShared else {
            return try await fetchAndStore(cacheKey: cacheKey, url: url, headers: headers, logPath: logPath)
        }
        let lease = policy.timeout * policy.maxAttempts + .seconds(5)
        let deadline = ContinuousClock.now + policy.timeout
        while true {
            if (try? await coordination.claim(cacheKey, for: lease.timeInterval, at: now())) ?? true {
                let outcome: Result<CachedResponse, any Error>
                do {
                    // Another instance may have fetched it and let go of its claim since we looked.
                    if let cached = await freshCached(cacheKey) {
                        outcome = .success(cached)
                    } else {
                        outcome = .success(
                            try await fetchAndStore(cacheKey: cacheKey, url: url, headers: headers, logPath: logPath))
                    }
                } catch {
                    outcome = .failure(error)
                }
                try? await coordination.release(cacheKey)
                return try outcome.get()
            }
            // Another instance is fetching it: watch the shared cache closely, and claim again now and then (each
            // claim is a write) in case that instance gave up.
            for _ in 0..<8 {
                if let cached = await freshCached(cacheKey) { return cached }
                guard ContinuousClock.now < deadline else {
                    return try await fetchAndStore(cacheKey: cacheKey, url: url, headers: headers, logPath: logPath)
                }
                try await Task.sleep(for: .milliseconds(25))
            }
        }
    }

    /// The cached response for `key` if it is still fresh.
    private func freshCached(_ key: String) async -> CachedResponse? {
        guard let cached = try? await cache.response(for: key), isFresh(cached) else { return nil }
        return cached
    }

    /// Whether a cached response is younger than the max-age it was stored with.
    private func isFresh(_ cached: CachedResponse) -> Bool {
        now().timeIntervalSince(cached.fetchedAt) < Double(cached.maxAge)
    }

    /// Waits for a slot of the outbound rate limit shared with the other instances (up to the request timeout).
    private func takeSharedSlot() async throws -> Bool {
        let deadline = ContinuousClock.now + policy.timeout
        let perSecond = max(1, Int(policy.requestsPerSecond.rounded(.down)))
        while true {
            let date = now()
            guard !((try? await coordination.takeSlot(upstream: upstreamName, perSecond: perSecond, at: date)) ?? true)
            else { return true }
            let untilNextSecond = 1 - date.timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
            guard ContinuousClock.now + .seconds(untilNextSecond) < deadline else { return false }
            try await Task.sleep(for: .seconds(untilNextSecond))
        }
    }

    private func fetchAndStore(cacheKey: String, url: String, headers: [(String, String)], logPath: String)
        async throws -> CachedResponse
    {
        let entry = try await fetch(url: url, headers: headers, logPath: logPath)
        do {
            try await cache.store(entry, for: cacheKey)
        } catch {
            logger.error("Could not cache upstream response", metadata: ["error": "\(error)"])
        }
        return entry
    }

    /// One upstream call, within the rate limit and retried on failure, and what it answered, not cached yet.
    func fetch(url: String, headers: [(String, String)], logPath: String) async throws -> CachedResponse {
        var attempt = 0
        while true {
            attempt += 1
            guard try await limiter.acquire(maxWait: policy.timeout), try await takeSharedSlot() else {
                logger.warning(
                    "Outbound rate limit saturated", metadata: ["upstream": "\(upstreamName)", "path": "\(logPath)"])
                throw unavailable()
            }
            // Taken once the call may go, so that calls the rate limit turned away spend none of the day.
            if let budget, let wait = budget.take(at: now(), anonymous: await isAnonymousCaller()) {
                logger.warning(
                    "Daily upstream budget spent", metadata: ["upstream": "\(upstreamName)", "path": "\(logPath)"])
                throw DomainError(
                    unavailableCode,
                    "Marquee has made as many calls to \(upstreamName) as it may today. Please sign in, or try again "
                        + "after midnight UTC.", retryAfterSeconds: wait)
            }
            let started = ContinuousClock.now
            let response: UpstreamResponse
            do {
                response = try await transport.get(url, headers: headers, timeout: policy.timeout)
            } catch {
                logger.warning(
                    "Upstream request failed",
                    metadata: [
                        "upstream": "\(upstreamName)", "path": "\(logPath)", "attempt": "\(attempt)",
                        "error": "\((error as? TransportFailure)?.reason ?? "\(type(of: error))")",
                    ])
                if attempt < policy.maxAttempts {
                    try await Task.sleep(for: backoff(attempt: attempt, retryAfter: nil))
                    continue
                }
                throw unavailable()
            }
            logger.debug(
                "Upstream response",
                metadata: [
                    "upstream": "\(upstreamName)", "path": "\(logPath)", "status": "\(response.status)",
                    "elapsed": "\(ContinuousClock.now - started)",
                ])
            switch response.status {
            case 200..<300:
                return CachedResponse(body: response.body, fetchedAt: now(), maxAge: maxAge(of: response))
            case 404:
                throw DomainError(.catalogNotFound, "\(upstreamName) has no such item.")
            case 429, 500..<600:
                let retryAfter = response.headers["retry-after"].flatMap {
                    Double($0.trimmingCharacters(in: .whitespaces))
                }
                // Past the last attempt, or told to wait longer than a request may: the caller hears how long.
                guard attempt < policy.maxAttempts, (retryAfter ?? 0) <= Self.longestRetryAfter else {
                    logger.warning(
                        "Upstream kept failing; giving up",
                        metadata: ["upstream": "\(upstreamName)", "path": "\(logPath)", "status": "\(response.status)"])
                    throw unavailable(retryAfter: retryAfter)
                }
                try await Task.sleep(for: backoff(attempt: attempt, retryAfter: retryAfter))
            case 401, 403:
                logger.error(
                    "Upstream rejected our credentials; check the configured API key",
                    metadata: ["upstream": "\(upstreamName)", "status": "\(response.status)"])
                throw unavailable()
            default:
                logger.warning(
                    "Upstream answered with an error",
                    metadata: ["upstream": "\(upstreamName)", "path": "\(logPath)", "status": "\(response.status)"])
                throw unavailable()
            }
        }
    }

    /// The unavailable error; with the wait the upstream asked for (`Retry-After` in seconds), passed on to the
    /// caller.
    private func unavailable(retryAfter: Double? = nil) -> DomainError {
        let seconds = retryAfter.flatMap { $0 >= 0 && $0 < 86_400 * 7 ? max(1, Int($0.rounded(.up))) : nil }
        return DomainError(
            unavailableCode,
            "\(upstreamName.prefix(1).uppercased() + upstreamName.dropFirst()) can't be reached right now. Please try "
                + "again in a moment.",
            retryAfterSeconds: seconds)
    }

    /// The longest `Retry-After` waited for before retrying; a longer one ends the request.
    private static let longestRetryAfter: Double = 10

    private func backoff(attempt: Int, retryAfter: Double?) -> Duration {
        if let retryAfter, retryAfter >= 0, retryAfter <= Self.longestRetryAfter {
            return .milliseconds(Int(retryAfter * 1000))
        }
        let base = policy.retryBaseDelay * (1 << (attempt - 1))
        return base + base * Double.random(in: 0..<0.25)
    }

    private func maxAge(of response: UpstreamResponse) -> Int {
        guard let header = response.headers["cache-control"] else { return policy.defaultMaxAge }
        for directive in header.split(separator: ",") {
            let parts = directive.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "max-age", let seconds = Int(parts[1]) {
                return max(0, seconds)
            }
        }
        return policy.defaultMaxAge
    }
}

extension Duration {
    /// The duration in seconds, as `TimeInterval`.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
