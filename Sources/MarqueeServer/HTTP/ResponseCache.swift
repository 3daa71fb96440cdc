import NIOCore
import Synchronization

/// Encoded JSON bodies of catalog responses, so a repeated request costs a dictionary lookup instead of a
/// provider call and a JSON encoding. Bounded in entries; each entry lives for `timeToLive`.
final class ResponseCache: Sendable {
    private struct Entry {
        let body: ByteBuffer
        let expires: ContinuousClock.Instant
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let timeToLive: Duration
    private let capacity: Int

    init(timeToLive: Duration, capacity: Int = 20_000) {
        self.timeToLive = timeToLive
        self.capacity = capacity
    }

    /// The cached body for `key`, or the one `make` produces (cached when it succeeds).
    func body(for key: String, make: () async throws -> ByteBuffer) async throws -> ByteBuffer {
        let now = ContinuousClock.now
        if let entry = entries.withLock({ $0[key] }), entry.expires > now { return entry.body }
        let body = try await make()
        let entry = Entry(body: body, expires: now + timeToLive)
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
