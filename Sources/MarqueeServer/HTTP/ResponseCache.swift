import HTTPTypes
import NIOCore
import NIOHTTP1
import Synchronization

/// Encoded JSON bodies of catalog responses, so a repeated request costs a dictionary lookup instead of a
/// provider call and a JSON encoding. Keyed by the request's path and query exactly as sent. Bounded in bytes
/// (expired entries go first, then the oldest); each entry lives for `timeToLive`. Read by the routes and, for hits, by `CachedResponseHandler`.
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

    private struct Storage {
        var entries: [String: Entry] = [:]
        var bytes = 0
    }

    private let storage = Mutex(Storage())
    private let timeToLive: Duration
    private let capacity: Int
    private let instruments: RequestInstruments
    private let serverName: String

    init(timeToLive: Duration, instruments: RequestInstruments, serverName: String, capacity: Int = 64 << 20) {
        self.timeToLive = timeToLive
        self.instruments = instruments
        self.serverName = serverName
        self.capacity = capacity
    }

    /// The live entry for `key`, if any.
    func entry(for key: String) -> Entry? {
        guard let entry = storage.withLock({ $0.entries[key] }), entry.expires > .now else { return nil }
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
        storage.withLock { storage in
            storage.bytes += body.readableBytes - (storage.entries[key]?.body.readableBytes ?? 0)
            storage.entries[key] = entry
            if storage.bytes > capacity { Self.evict(&storage, toFit: capacity * 3 / 4, now: now) }
        }
        return body
    }

    private static func evict(_ storage: inout Storage, toFit budget: Int, now: ContinuousClock.Instant) {
        let oldestFirst = storage.entries.sorted { lhs, rhs in
            (lhs.value.expires <= now ? 0 : 1, lhs.value.expires) < (rhs.value.expires <= now ? 0 : 1, rhs.value.expires)
        }
        for (key, entry) in oldestFirst where storage.bytes > budget {
            storage.entries[key] = nil
            storage.bytes -= entry.body.readableBytes
        }
    }
}
