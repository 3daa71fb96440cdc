package import Foundation

/// A cached upstream response body and how long it stays fresh.
package struct CachedResponse: Sendable, Equatable {
    /// The response body as received.
    package var body: [UInt8]
    /// When it was fetched.
    package var fetchedAt: Date
    /// Seconds it is fresh for after `fetchedAt` (from the upstream's Cache-Control max-age).
    package var maxAge: Int
    /// When it was last served, as last recorded (`touch`); when it was fetched until then.
    package var usedAt: Date

    /// Creates a cached response.
    package init(body: [UInt8], fetchedAt: Date, maxAge: Int, usedAt: Date? = nil) {
        self.body = body
        self.fetchedAt = fetchedAt
        self.maxAge = maxAge
        self.usedAt = usedAt ?? fetchedAt
    }
}

/// Where upstream responses are cached, keyed by request (path and query without credentials).
package protocol UpstreamCacheStore: Sendable {
    /// The cached response for `key`, if any.
    func response(for key: String) async throws -> CachedResponse?
    /// Stores or replaces the response for `key`.
    func store(_ response: CachedResponse, for key: String) async throws
    /// Removes responses fetched before `date`; returns how many.
    @discardableResult
    func removeResponses(fetchedBefore date: Date) async throws -> Int
    /// Records that the response for `key` was served at `date` (callers do so now and then, not on every use).
    func touch(_ key: String, at date: Date) async throws
    /// Removes the least recently used responses until keys and bodies together take at most `bytes`; returns how
    /// many went.
    @discardableResult
    func trim(toBytes bytes: Int) async throws -> Int
}

/// An `UpstreamCacheStore` in memory, for tests and for running without a database.
package actor InMemoryUpstreamCacheStore: UpstreamCacheStore {
    private var entries: [String: CachedResponse] = [:]

    /// Creates an empty store.
    package init() {}

    package func response(for key: String) -> CachedResponse? { entries[key] }

    package func store(_ response: CachedResponse, for key: String) {
        var response = response
        response.usedAt = response.fetchedAt
        entries[key] = response
    }

    @discardableResult
    package func removeResponses(fetchedBefore date: Date) -> Int {
        let before = entries.count
        entries = entries.filter { $0.value.fetchedAt >= date }
        return before - entries.count
    }

    package func touch(_ key: String, at date: Date) { entries[key]?.usedAt = date }

    @discardableResult
    package func trim(toBytes bytes: Int) -> Int {
        var total = entries.reduce(0) { $0 + $1.key.utf8.count + $1.value.body.count }
        var removed = 0
        for (key, entry) in entries.sorted(by: { $0.value.usedAt < $1.value.usedAt }) where total > bytes {
            entries[key] = nil
            total -= key.utf8.count + entry.body.count
            removed += 1
        }
        return removed
    }
}
