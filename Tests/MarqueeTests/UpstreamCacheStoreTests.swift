import Foundation
import MarqueeServer
import MarqueeStore
import MarqueeStoreSQL
import Testing

/// The upstream cache contract, run against the in-memory and the SQLite implementation.
@Suite("Upstream cache store")
struct UpstreamCacheStoreTests {
    static func withStores(_ body: (any UpstreamCacheStore) async throws -> Void) async throws {
        try await body(InMemoryUpstreamCacheStore())
        try await withEachMigratedDatabase { database in try await body(SQLUpstreamCacheStore(database: database)) }
    }

    @Test("Stores, replaces, reads back and purges by age")
    func contract() async throws {
        try await Self.withStores { store in
            let old = Date(timeIntervalSince1970: 1_700_000_000)
            let recent = old.addingTimeInterval(200 * 86_400)
            try await store.store(CachedResponse(body: Array("old".utf8), fetchedAt: old, maxAge: 60), for: "a")
            try await store.store(CachedResponse(body: [0, 255, 10], fetchedAt: recent, maxAge: 3_600), for: "b")
            #expect(
                try await store.response(for: "b")
                    == CachedResponse(body: [0, 255, 10], fetchedAt: recent, maxAge: 3_600))
            try await store.store(CachedResponse(body: Array("new".utf8), fetchedAt: recent, maxAge: 5), for: "b")
            #expect(try await store.response(for: "b")?.body == Array("new".utf8))
            #expect(try await store.response(for: "missing") == nil)
            #expect(try await store.removeResponses(fetchedBefore: old.addingTimeInterval(183 * 86_400)) == 1)
            #expect(try await store.response(for: "a") == nil)
            #expect(try await store.response(for: "b") != nil)
        }
    }

    @Test("Trimming to a size removes the least recently used first; keys and bodies count")
    func trim() async throws {
        try await Self.withStores { store in
            let start = Date(timeIntervalSince1970: 1_700_000_000)
            let body = [UInt8](repeating: 65, count: 999)
            for (index, key) in ["a", "b", "c", "d"].enumerated() {
                try await store.store(
                    CachedResponse(body: body, fetchedAt: start.addingTimeInterval(Double(index)), maxAge: 60), for: key
                )
            }
            // "a" is the oldest fetched but was used last.
            try await store.touch("a", at: start.addingTimeInterval(100))
            #expect(try await store.response(for: "a")?.usedAt == start.addingTimeInterval(100))
            #expect(try await store.trim(toBytes: 2_000) == 2)
            #expect(try await store.response(for: "b") == nil)
            #expect(try await store.response(for: "c") == nil)
            #expect(try await store.response(for: "a") != nil)
            #expect(try await store.response(for: "d") != nil)
            #expect(try await store.trim(toBytes: 2_000) == 0)
        }
    }
}
