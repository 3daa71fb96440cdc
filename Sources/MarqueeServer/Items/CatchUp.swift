import MarqueeCore
import MarqueeSaved
import MarqueeWire
import NIOCore

/// What a live stream's client missed, read and encoded one frame at a time as the stream asks for it: the changes
/// after its point, or a snapshot of everything (no point, or one the log cannot replay from) in parts of about
/// `partSize` bytes. A stream asks for the next frame only while its socket takes more, so neither the server nor
/// a client that reads slowly ever holds the whole of a large account.
actor CatchUp {
    private let items: SavedItemService
    private let user: UserID
    /// The lane every snapshot part is read and encoded in, as exports are (`WorkLane`).
    private let bulk: WorkLane
    private let partSize: Int
    private var phase: Phase
    /// The sequence number the client has once every frame so far is written.
    private var last: Int64

    /// What `next()` gives.
    enum Step: Sendable {
        /// A frame to write.
        case frame(ByteBuffer)
        /// Every frame is written: the client is at `last`.
        case upToDate(last: Int64)
    }

    private enum Phase {
        case replay(after: ResumePoint)
        case snapshot(SnapshotReason)
        case snapshotParts(SavedItemSnapshot.AsyncIterator, point: ResumePoint, reason: SnapshotReason)
        case done
    }

    /// How many changes one read of the log takes, and how many items one read of a snapshot: what a stream holds
    /// while its client is not reading is at most this many items (at the limits, about 26 KB each) and one part.
    private static let changesPerRead = 16
    private static let itemsPerRead = 16
    /// Frames read but not yet asked for.
    private var ready: [ByteBuffer] = []
    /// Items of the snapshot's current batch not yet in a part.
    private var pending: ArraySlice<SavedItem> = []

    init(
        items: SavedItemService, user: UserID, from point: ResumePoint?, bulk: WorkLane, partSize: Int = 64 * 1024
    ) {
        self.items = items
        self.user = user
        self.bulk = bulk
        self.partSize = partSize
        phase = point.map { .replay(after: $0) } ?? .snapshot(.start)
        last = point?.seq ?? 0
    }

    /// The next frame to write, or word that there is none left.
    func next() async throws -> Step {
        while ready.isEmpty {
            switch phase {
            case .done: return .upToDate(last: last)
            case .replay(let point): try await replay(after: point)
            case .snapshot(let reason):
                let snapshot = try await items.snapshot(for: user, batchSize: Self.itemsPerRead)
                phase = .snapshotParts(snapshot.makeAsyncIterator(), point: snapshot.point, reason: reason)
            case .snapshotParts(var batches, let point, let reason):
                ready.append(try await bulk.run { try await part(of: &batches, point: point, reason: reason) })
            }
        }
        return .frame(ready.removeFirst())
    }

    private func replay(after point: ResumePoint) async throws {
        switch try await items.changes(for: user, after: point, limit: Self.changesPerRead) {
        case .compacted: phase = .snapshot(.compacted)
        case .reset: phase = .snapshot(.reset)
        case .changes(let changes, _):
            ready = changes.map(ServerSentEvents.change)
            last = changes.last?.seq ?? point.seq
            // The rest of the log follows from a change just read: its number alone is enough.
            phase = changes.count < Self.changesPerRead ? .done : .replay(after: ResumePoint(seq: last))
        }
    }

    /// The next part of the snapshot: items until the part reaches `partSize` (`more`: more parts follow), or the
    /// last part, which alone carries the point.
    private func part(of batches: inout SavedItemSnapshot.AsyncIterator, point: ResumePoint, reason: SnapshotReason)
        async throws -> ByteBuffer
    {
        var items: [[UInt8]] = []
        var size = 0
        while size < partSize {
            if pending.isEmpty {
                guard let batch = try await batches.next() else {
                    phase = .done
                    last = point.seq
                    return ServerSentEvents.snapshotPart(items: items, point: point, reason: reason, more: false)
                }
                pending = batch[...]
            }
            var json = JSONWriter(capacity: 512)
            ItemJSON.write(pending.removeFirst(), to: &json)
            size += json.bytes.count + 1
            items.append(json.bytes)
        }
        phase = .snapshotParts(batches, point: point, reason: reason)
        return ServerSentEvents.snapshotPart(items: items, point: point, reason: reason, more: true)
    }
}
