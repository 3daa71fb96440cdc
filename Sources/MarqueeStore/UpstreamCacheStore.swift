public import Foundation

/// A cached upstream response body and how long it stays fresh.
public struct CachedResponse: Sendable, Equatable {
    /// The response body as received.
    public var body: [UInt8]
    /// When it was fetched.
    public var fetchedAt: Date
    /// Seconds it is fresh for after `fetchedAt` (from the upstream's Cache-Control max-age).
    public var maxAge: Int

    /// Creates a cached response.
    public init(body: [UInt8], fetchedAt: Date, maxAge: Int) {
        self.body = body
        self.fetchedAt = fetchedAt
        self.maxAge = maxAge
    }
}

/// Where upstream responses are cached, keyed by request (path and query without credentials).
public protocol UpstreamCacheStore: Sendable {
    /// The cached response for `key`, if any.
    func response(for key: String) async throws -> CachedResponse?
    /// Stores or replaces the response for `key`.
    func store(_ response: CachedResponse, for key: String) async throws
    /// Removes responses fetched before `date`; returns how many.
    @discardableResult
    func removeResponses(fetchedBefore date: Date) async throws -> Int
}

/// An `UpstreamCacheStore` in memory, for tests and for running without a database.
public actor InMemoryUpstreamCacheStore: UpstreamCacheStore {
    private var entries: [String: CachedResponse] = [:]

    /// Creates an empty store.
    public init() {}

    public func response(for key: String) -> CachedResponse? { entries[key] }

    public func store(_ response: CachedResponse, for key: String) { entries[key] = response }

    @discardableResult
    public func removeResponses(fetchedBefore date: Date) -> Int {
        let before = entries.count
        entries = entries.filter { $0.value.fetchedAt >= date }
        return before - entries.count
    }
}
