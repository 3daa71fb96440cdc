import HTTPTypes
import NIOCore
import NIOHTTP1
import Prometheus
import Synchronization

/// Encoded JSON bodies of catalog responses, so a repeated request costs a dictionary lookup instead of a
/// provider call and a JSON encoding. Keyed by the request as its route parsed it (`ParameterRecord`), never by
/// the text a client sent. Bounded in bytes, keys and bookkeeping counted with the bodies (expired entries go
/// first, then the oldest); each entry lives for `timeToLive`, and expired ones are swept out as time passes.
/// Read by the routes and, for hits, by `CachedResponseHandler`.
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
        /// When expired entries are next swept out.
        var nextSweep = ContinuousClock.now
    }

    /// What an entry costs besides its key and body: the entry itself, its headers and its slot in the table,
    /// rounded up.
    static let entryOverhead = 512

    private let storage = Mutex(Storage())
    private let timeToLive: Duration
    private let capacity: Int
    private let instruments: RequestInstruments
    private let serverName: String
    /// Reports `bytes` (`marquee_response_cache_size_bytes`).
    private let size: Gauge?

    init(
        timeToLive: Duration, instruments: RequestInstruments, serverName: String, capacity: Int = 64 << 20,
        size: Gauge? = nil
    ) {
        self.timeToLive = timeToLive
        self.instruments = instruments
        self.serverName = serverName
        self.capacity = capacity
        self.size = size
    }

    /// The live entry for `key`, if any.
    func entry(for key: String) -> Entry? {
        guard let entry = storage.withLock({ $0.entries[key] }), entry.expires > .now else { return nil }
        return entry
    }

    /// The cached body for `key`, or the one `make` produces (cached when it succeeds, for `lifetime` if given,
    /// else the cache's time to live).
    func body(
        for key: String, route: String, cacheControl: String, lifetime: Duration? = nil,
        make: () async throws -> ByteBuffer
    ) async throws -> ByteBuffer {
        try await body(keeping: key, route: route, cacheControl: cacheControl, lifetime: lifetime) {
            (try await make(), true)
        }
    }

    /// As `body(for:route:cacheControl:lifetime:make:)`, but `answer` says whether its body may be kept: an answer
    /// that stood in for an upstream that could not be reached is not.
    func body(
        keeping key: String, route: String, cacheControl: String, lifetime: Duration? = nil,
        answer: () async throws -> (body: ByteBuffer, keep: Bool)
    ) async throws -> ByteBuffer {
        if let entry = entry(for: key) { return entry.body }
        let (body, keep) = try await answer()
        guard keep else { return body }
        let now = ContinuousClock.now
        let lifetime = min(lifetime ?? timeToLive, timeToLive)
        let headers: HTTPHeaders = [
            "Content-Type": "application/json; charset=utf-8", "Content-Length": String(body.readableBytes),
            "Cache-Control": cacheControl, "Server": serverName,
        ]
        let entry = Entry(
            body: body, expires: now + lifetime, route: route,
            instruments: instruments.instruments(route: route, method: .get, status: 200), headers: headers)
        storage.withLock { storage in
            if let replaced = storage.entries.updateValue(entry, forKey: key) {
                storage.bytes -= Self.cost(key, replaced)
            }
            storage.bytes += Self.cost(key, entry)
            if now >= storage.nextSweep {
                storage.nextSweep = now + timeToLive
                for (key, entry) in storage.entries where entry.expires <= now {
                    Self.remove(key, entry, from: &storage)
                }
            }
            if storage.bytes > capacity { Self.evict(&storage, toFit: capacity * 3 / 4, now: now) }
            size?.set(Int64(storage.bytes))
        }
        return body
    }

    /// How many bytes of the budget an entry takes.
    static func cost(_ key: String, _ entry: Entry) -> Int {
        key.utf8.count + entry.body.readableBytes + entryOverhead
    }

    /// The bytes the cache holds, as counted against its capacity.
    var bytes: Int { storage.withLock { $0.bytes } }

    private static func remove(_ key: String, _ entry: Entry, from storage: inout Storage) {
        storage.entries[key] = nil
        storage.bytes -= cost(key, entry)
    }

    private static func evict(_ storage: inout Storage, toFit budget: Int, now: ContinuousClock.Instant) {
        let oldestFirst = storage.entries.sorted { lhs, rhs in
            (lhs.value.expires <= now ? 0 : 1, lhs.value.expires) < (
                rhs.value.expires <= now ? 0 : 1, rhs.value.expires
            )
        }
        for (key, entry) in oldestFirst where storage.bytes > budget { remove(key, entry, from: &storage) }
    }
}
