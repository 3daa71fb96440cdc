import HTTPTypes
import NIOCore
import Synchronization

/// Encoded JSON bodies of catalog responses, so a repeated request costs a dictionary lookup instead of a
/// provider call and a JSON encoding. Keyed by the request's path and query exactly as sent. Bounded in entries;
/// each entry lives for `timeToLive`. Read by the routes and, for hits, by `CachedResponseHandler`.
final class ResponseCache: Sendable {
    /// A cached response.
    struct Entry: Sendable {
        let body: ByteBuffer
        let expires: ContinuousClock.Instant
        /// The route template, for metrics.
        let route: String
        /// The response's constant headers (type, length, caching).
        let headers: HTTPFields
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let timeToLive: Duration
    private let capacity: Int

    init(timeToLive: Duration, capacity: Int = 20_000) {
        self.timeToLive = timeToLive
        self.capacity = capacity
    }

    /// The live entry for `key`, if any.
    func entry(for key: String) -> Entry? {
        guard let entry = entries.withLock({ $0[key] }), entry.expires > .now else { return nil }
        return entry
    }

    /// The cached body for `key`, or the one `make` produces (cached when it succeeds).
    func body(for key: String, route: String, cacheControl: String, make: () async throws -> ByteBuffer)
        async throws -> ByteBuffer
    {
        if let entry = entry(for: key) { return entry.body }
        let body = try await make()
        let now = ContinuousClock.now
        let headers: HTTPFields = [
            .contentType: "application/json; charset=utf-8", .contentLength: String(body.readableBytes),
            .cacheControl: cacheControl,
        ]
        let entry = Entry(body: body, expires: now + timeToLive, route: route, headers: headers)
        entries.withLock { entries in
            if entries.count >= capacity {
                entries = entries.filter { $0.value.expires > now }
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[key] = entry
        }
        return body
    }
}
