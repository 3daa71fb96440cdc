import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeWire
import Testing

/// An account at its largest must cost the server no more than a batch of items to send: the stream's snapshot
/// comes in parts, each written only while the client reads, and exports are written as they are read.
@Suite("Large accounts")
struct LargeAccountTests {

    /// A note of 2,000 code points, each four bytes of UTF-8 (and a surrogate pair when escaped).
    static let longNote = String(repeating: "🎬", count: 2_000)

    /// Saves `count` favourites with long notes to `session`'s account.
    static func fill(_ h: H, _ session: H.Session, count: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for id in stride(from: worker + 1, through: count, by: 4) {
                        let saved = try await h.save(
                            session, "favorites/movie/\(id)", title: "Film \(id)", ["note": Self.longNote])
                        #expect(saved.status == .created)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test("A stream's snapshot of a large account comes in parts below the backlog bound; only the last has the id")
    func snapshotParts() async throws {
        try await H.run { h in
            let guest = try await h.guest()
            try await Self.fill(h, guest, count: 120)
            let stream = h.stream(guest)
            var parts: [ServerEvent] = []
            var snapshots: [StreamSnapshot] = []
            while snapshots.last?.more != false {
                let event = try #require(await stream.next(within: .seconds(10)))
                #expect(event.event == "snapshot")
                parts.append(event)
                snapshots.append(try event.decode(StreamSnapshot.self))
            }
            #expect(parts.count >= 3)
            #expect(parts.allSatisfy { $0.data.utf8.count < 128 * 1024 })
            #expect(parts.dropLast().allSatisfy { $0.id == nil } && snapshots.dropLast().allSatisfy(\.more))
            #expect(parts.last?.seq == 120)
            let ids = snapshots.flatMap { $0.items.map(\.id) }
            #expect(Set(ids) == Set((1...120).map(String.init)) && ids.count == 120)

            // Changes made after the snapshot follow it in order.
            _ = try await h.call("/api/v1/me/items/favorites/movie/7", method: .delete, bearer: guest.accessToken)
            #expect(try #require(await stream.next()).seq == 121)
        }
    }

    @Test("Exports of a large account, JSON and CSV, hold every item")
    func exports() async throws {
        try await H.run { h in
            let guest = try await h.guest()
            try await Self.fill(h, guest, count: 120)
            let json = try await h.call("/api/v1/me/export", method: .get, bearer: guest.accessToken)
            #expect(json.status == .ok)
            let export = try json.decode(ItemExport.self)
            #expect(export.items.count == 120)
            #expect(export.seq == 120 && export.format == "marquee-items")
            let csv = try await h.call("/api/v1/me/export?format=csv", method: .get, bearer: guest.accessToken)
            #expect(csv.status == .ok)
            #expect(csv.text.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 121)
        }
    }
}
