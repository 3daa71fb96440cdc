import Foundation
import MarqueeCore
import MarqueeSaved
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

    @Test("A check tells changes apart that share a number", arguments: [
        ("702", ItemChange.Operation.upsert, SavedList.favorites, 0.123),
        ("603", .delete, .favorites, 0.123),
        ("603", .upsert, .watchlist, 0.123),
        ("603", .upsert, .favorites, 0.124),
    ])
    func distinct(id: String, op: ItemChange.Operation, list: SavedList, milliseconds: Double) {
        let at = Date(timeIntervalSince1970: 1_700_000_000)
        let original = ItemChange(seq: 42, op: .upsert, list: .favorites, kind: .movie, id: "603", item: nil, at: at + 0.123)
        let other = ItemChange(seq: 42, op: op, list: list, kind: .movie, id: id, item: nil, at: at + milliseconds)
        #expect(ResumePoint.check(of: original) != ResumePoint.check(of: other))
    }

    @Test("Anything else is refused", arguments: ["", "-1", "+1", "x", "42:", ":0000abcd", "42:abcd", "42:0000ABCD", "42:0000abcd:1", "42:0000abcg"])
    func refused(text: String) {
        #expect(ResumePoint(text) == nil)
    }
}
