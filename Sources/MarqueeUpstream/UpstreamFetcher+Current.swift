package import Foundation
import MarqueeCore
import MarqueeStore

/// What `UpstreamFetcher.current` answers: a body, when it was fetched, and whether it is older than it should be.
package struct FetchedBody: Sendable {
    package let body: [UInt8]
    package let fetchedAt: Date
    /// The upstream could not be reached, so this is the last body fetched, past its freshness.
    package let isStale: Bool
}

extension UpstreamFetcher {
    /// The resource as it is now, for data that goes out of date (a forecast), unlike `body`, which answers at once
    /// with what is cached and refreshes behind: a cached body younger than `freshFor` is served; otherwise the
    /// upstream is asked (one call for all who ask at once), and only when it cannot answer is the cached body
    /// served, marked stale, if it is younger than `servableFor`. Otherwise the caller gets `unavailableCode`.
    package func current(
        cacheKey: String, url: String, headers: [(String, String)] = [], logPath: String, freshFor: TimeInterval,
        servableFor: TimeInterval
    ) async throws -> FetchedBody {
        let cached = try? await cache.response(for: cacheKey)
        if let cached, now().timeIntervalSince(cached.fetchedAt) < freshFor {
            noteUse(of: cached, key: cacheKey)
            return FetchedBody(body: cached.body, fetchedAt: cached.fetchedAt, isStale: false)
        }
        let servable = cached.flatMap { now().timeIntervalSince($0.fetchedAt) < servableFor ? $0 : nil }
        do {
            if await !coalescer.isRunning(cacheKey), let wait = await anonymousWait() {
                throw DomainError(
                    unavailableCode,
                    "Too many new things were asked of \(upstreamName) from your address just now. Please try again in "
                        + "\(wait == 1 ? "a second" : "\(wait) seconds"), or sign in.", retryAfterSeconds: wait)
            }
            let fetched = try await coalescer.value(for: cacheKey) {
                // A call for the same key may have stored what it fetched since this request read the cache.
                if let stored = try? await self.cache.response(for: cacheKey),
                    self.now().timeIntervalSince(stored.fetchedAt) < freshFor
                {
                    return stored
                }
                return try await self.fetchOnce(cacheKey: cacheKey, url: url, headers: headers, logPath: logPath)
            }
            return FetchedBody(body: fetched.body, fetchedAt: fetched.fetchedAt, isStale: false)
        } catch let error as DomainError where error.code == unavailableCode {
            guard let servable else { throw error }
            noteUse(of: servable, key: cacheKey)
            return FetchedBody(body: servable.body, fetchedAt: servable.fetchedAt, isStale: true)
        }
    }
}

extension UpstreamFetcher {
    /// What the cache holds for `cacheKey`, if younger than `servableFor` (stale past `freshFor`), without asking the
    /// upstream: for lists that show what is known rather than wait on a slow budget.
    package func cachedOnly(cacheKey: String, freshFor: TimeInterval, servableFor: TimeInterval) async -> FetchedBody? {
        guard let cached = try? await cache.response(for: cacheKey) else { return nil }
        let age = now().timeIntervalSince(cached.fetchedAt)
        guard age < servableFor else { return nil }
        return FetchedBody(body: cached.body, fetchedAt: cached.fetchedAt, isStale: age >= freshFor)
    }
}
