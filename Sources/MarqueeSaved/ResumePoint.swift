import Foundation
import MarqueeCore
package import MarqueeWire

/// Where a client's copy of a person's lists stands: the sequence number of the last change it has, and a check of
/// that change. Written `42:1f3a9c0b` (or `42` without a check), it is the `id` of each live event and what
/// `Last-Event-ID` and `since` send back.
///
/// The check lets the server tell that the change a client last saw is still the one its log holds under that
/// number. A database restored from an older copy gives those numbers to new changes; a client resuming from a
/// number alone would then skip changes without knowing, while one whose check no longer matches gets a snapshot.
package struct ResumePoint: Sendable, Equatable, CustomStringConvertible {
    /// The last change's sequence number (0: none yet).
    package let seq: Int64
    /// The last change's check, when the client sent one.
    package let check: UInt32?

    /// A point from its parts.
    package init(seq: Int64, check: UInt32? = nil) {
        self.seq = seq
        self.check = check
    }

    /// Right after `change`.
    package init(after change: ItemChange) {
        self.init(seq: change.seq, check: Self.check(of: change))
    }

    /// Reads `42` or `42:1f3a9c0b`; nil for anything else.
    package init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        // A number too large for any log is still a number: it is ahead of the log (a reset), not malformed.
        guard
            let seq = WholeNumber.parse(String(parts[0]), as: Int64.self)
                ?? (WholeNumber.isDigits(parts[0]) && parts[0].utf8.count <= 1_000 ? Int64.max : nil)
        else { return nil }
        guard parts.count == 2 else {
            self.init(seq: seq)
            return
        }
        let hex = parts[1].utf8
        guard hex.count == 8, hex.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
            let check = UInt32(parts[1], radix: 16)
        else { return nil }
        self.init(seq: seq, check: check)
    }

    /// `42:1f3a9c0b`, or `42` without a check.
    package var description: String {
        guard let check else { return String(seq) }
        let hex = String(check, radix: 16)
        return "\(seq):" + String(repeating: "0", count: 8 - hex.utf8.count) + hex
    }

    /// What identifies a change: its number, what it did to which item, and when (to the millisecond, as stored).
    package static func check(of change: ItemChange) -> UInt32 {
        let millis = Int64((change.at.timeIntervalSince1970 * 1000).rounded())
        let item = "\(change.list.rawValue)|\(change.kind?.rawValue ?? "")|\(change.id ?? "")"
        let text = "\(change.seq)|\(change.op.rawValue)|\(item)|\(millis)"
        let hash = FNV1a.hash(text)
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}

/// What the log holds after a client's `ResumePoint`.
package enum ChangeReplay: Sendable, Equatable {
    /// Exactly the changes after the point, in order (possibly none).
    case changes([ItemChange], latest: Int64)
    /// The log no longer reaches back that far: send a snapshot of the lists instead, then continue after `latest`.
    case compacted(latest: Int64)
    /// The point is not one of this log as the client saw it: ahead of the log, or a number the log now gives to
    /// another change (the database was restored from an older copy). Send a snapshot instead.
    case reset(latest: Int64)
}
