import Foundation
import MarqueeStore
import MarqueeStoreSQL
import Testing

/// Claims and shared rate windows that let instances sharing a database share an upstream.
@Suite("Upstream coordination")
struct UpstreamCoordinationTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000.25)

    @Test("One claimant at a time; an expired or released claim can be taken over")
    func claims() async throws {
        try await withEachMigratedDatabase { database in
            let (a, b) = (SQLUpstreamCoordination(database: database), SQLUpstreamCoordination(database: database))
            #expect(try await a.claim("movie/1", for: 30, at: start))
            #expect(try await !b.claim("movie/1", for: 30, at: start.addingTimeInterval(10)))
            #expect(try await b.claim("movie/2", for: 30, at: start))
            #expect(try await b.claim("movie/1", for: 30, at: start.addingTimeInterval(31)))
            // A's late release does not free B's claim.
            try await a.release("movie/1")
            #expect(try await !a.claim("movie/1", for: 30, at: start.addingTimeInterval(32)))
            try await b.release("movie/1")
            #expect(try await a.claim("movie/1", for: 30, at: start.addingTimeInterval(33)))
        }
    }

    @Test("A second's requests are counted across claimants and start over the next second")
    func rateWindows() async throws {
        try await withEachMigratedDatabase { database in
            let (a, b) = (SQLUpstreamCoordination(database: database), SQLUpstreamCoordination(database: database))
            var granted: [Bool] = []
            for index in 0..<5 {
                granted.append(
                    try await (index.isMultiple(of: 2) ? a : b).takeSlot(upstream: "TMDB", perSecond: 3, at: start))
            }
            #expect(granted == [true, true, true, false, false])
            #expect(try await a.takeSlot(upstream: "TMDB", perSecond: 3, at: start.addingTimeInterval(1)))
            #expect(try await a.takeSlot(upstream: "Weather", perSecond: 3, at: start))
        }
    }
}
