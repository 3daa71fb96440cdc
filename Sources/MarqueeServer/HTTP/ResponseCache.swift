import HTTPTypes
import NIOCore
import NIOHTTP1
import Synchronization

/// Encoded JSON bodies of catalog responses, so a repeated request costs a dictionary lookup instead of a
/// provider call and a JSON encoding. Keyed by the request's path and query exactly as sent. Bounded in entries;
/// each entry lives for `timeToLive`. Read by the routes and, for hits, by `CachedResponseHandler`.
final class ResponseCache: Sendable {
    /// A cached response.
    struct Entry: Sendable {
        let body: ByteBuffer
        let expires: ContinuousClock.Instant
        /// The route template it answers, and that route's metrics.
        let route: String
        let instruments: RouteInstruments
        /// The response's constant headers (type, length, caching, server), for the fast path.
        let headers: HTTPHeaders
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let timeToLive: Duration
    private let capacity: Int
    private let instruments: RequestInstruments
    private let serverName: String

    init(timeToLive: Duration, instruments: RequestInstruments, serverName: String, capacity: Int = 20_000) {
        self.timeToLive = timeToLive
        self.instruments = instruments
        self.serverName = serverName
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
        let headers: HTTPHeaders = [
            "Content-Type": "application/json; charset=utf-8", "Content-Length": String(body.readableBytes),
            "Cache-Control": cacheControl, "Server": serverName,
        ]
        let entry = Entry(
            body: body, expires: now + timeToLive, route: route,
            instruments: instruments.instruments(route: route, method: .get, status: 200), headers: headers)
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
