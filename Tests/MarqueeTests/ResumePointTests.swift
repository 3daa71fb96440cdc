import Foundation
import MarqueeCore
import MarqueeSaved
import MarqueeStore
import MarqueeStoreSQL
import MarqueeWire
import Testing

@Suite("Resume points")
struct ResumePointTests {
    @Test("Read back as written: a bare number, or a number with its change's check")
    func roundTrip() throws {
        let change = ItemChange(
            seq: 42, op: .upsert, list: .favorites, kind: .movie, id: "603", item: nil,
            at: Date(timeIntervalSince1970: 1_700_000_000.123))
        let point = ResumePoint(after: change)
        #expect(point.description.wholeMatch(of: /42:[0-9a-f]{8}/) != nil)
        #expect(ResumePoint(point.description) == point)
        #expect(ResumePoint("7") == ResumePoint(seq: 7))
        #expect(ResumePoint("0:0000abcd")?.check == 0xabcd)
    }

    @Test(
        "A check tells changes apart that share a number",
        arguments: [
            ("702", ItemChange.Operation.upsert, SavedList.favorites, 0.123),
            ("603", .delete, .favorites, 0.123),
            ("603", .upsert, .watchlist, 0.123),
            ("603", .upsert, .favorites, 0.124),
        ])
    func distinct(id: String, op: ItemChange.Operation, list: SavedList, milliseconds: Double) {
        let at = Date(timeIntervalSince1970: 1_700_000_000)
        let original = ItemChange(
            seq: 42, op: .upsert, list: .favorites, kind: .movie, id: "603", item: nil, at: at + 0.123)
        let other = ItemChange(seq: 42, op: op, list: list, kind: .movie, id: id, item: nil, at: at + milliseconds)
        #expect(ResumePoint.check(of: original) != ResumePoint.check(of: other))
    }

    @Test(
        "Anything else is refused",
        arguments: [
            "", "-1", "+1", "x", "42:", ":0000abcd", "42:abcd", "42:0000ABCD", "42:0000abcd:1", "42:0000abcg",
            "42:+000abcd", "42:-0000000",
        ])
    func refused(text: String) {
        #expect(ResumePoint(text) == nil)
    }

    @Test("Replaying from a checked point: the changes after it, in pages; a wrong check or a number ahead is a reset")
    func replay() async throws {
        let (service, user) = (Self.service(changeLogLength: 1_000), UserID())
        for id in 1...5 { try await Self.save(service, "\(id)", for: user) }
        let points = try await (1...5).asyncMap { try await service.resumePoint(for: user, at: Int64($0)) }
        #expect(points.allSatisfy { $0.check != nil })
        guard case .changes(let rest, let latest) = try await service.changes(for: user, after: points[1]) else {
            Issue.record("no replay")
            return
        }
        #expect(rest.map(\.seq) == [3, 4, 5] && latest == 5)
        guard case .changes(let page, _) = try await service.changes(for: user, after: points[1], limit: 2) else {
            Issue.record("no page")
            return
        }
        #expect(page.map(\.seq) == [3, 4])
        #expect(try await service.changes(for: user, after: points[4]) == .changes([], latest: 5))
        let wrong = ResumePoint(seq: 2, check: points[1].check.map { $0 ^ 1 })
        #expect(try await service.changes(for: user, after: wrong) == .reset(latest: 5))
        #expect(try await service.changes(for: user, after: ResumePoint(seq: 6, check: 7)) == .reset(latest: 5))
        #expect(try await service.changes(for: user, after: ResumePoint(seq: 6)) == .reset(latest: 5))
        #expect(try await service.resumePoint(for: user, at: 0) == ResumePoint(seq: 0))
    }

    @Test("Around compaction: a checked point needs its own change kept; a bare number only the ones after it")
    func compaction() async throws {
        let (service, user) = (Self.service(changeLogLength: 4), UserID())
        for id in 1...8 { try await Self.save(service, "\(id)", for: user) }
        // Eight changes, the log keeps four: 1-4 are compacted away.
        let kept = try await service.resumePoint(for: user, at: 5)
        guard case .changes(let rest, _) = try await service.changes(for: user, after: kept) else {
            Issue.record("no replay from a kept change")
            return
        }
        #expect(rest.map(\.seq) == [6, 7, 8])
        #expect(try await service.resumePoint(for: user, at: 4) == ResumePoint(seq: 4), "no check for a change gone")
        #expect(try await service.changes(for: user, after: ResumePoint(seq: 4, check: 1)) == .compacted(latest: 8))
        guard case .changes(let bare, _) = try await service.changes(for: user, after: ResumePoint(seq: 4)) else {
            Issue.record("no replay from a bare number")
            return
        }
        #expect(bare.map(\.seq) == [5, 6, 7, 8])
        #expect(try await service.changes(for: user, after: ResumePoint(seq: 3)) == .compacted(latest: 8))
    }

    private static func service(changeLogLength: Int) -> SavedItemService {
        SavedItemService(
            store: InMemorySavedItemStore(), publisher: NoPublisher(), changeLogLength: changeLogLength, now: { Date() }
        )
    }

    private static func save(_ service: SavedItemService, _ id: String, for user: UserID) async throws {
        _ = try await service.save(
            ItemEdit(snapshot: ItemSnapshot(title: "Film \(id)")), list: .favorites, kind: .movie, id: id, for: user)
    }
}

/// Publishes nowhere.
private struct NoPublisher: ChangePublisher {
    func publish(_ change: ItemChange, for user: UserID) {}
}

extension ClosedRange where Bound == Int {
    fileprivate func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
