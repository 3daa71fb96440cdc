import Foundation
import Hummingbird
import MarqueeCore
import MarqueeSaved
import MarqueeWire
import NIOCore

/// Response bodies holding every saved item of an account, written a batch at a time as the snapshot is read, and
/// only as fast as the client takes them: an export of ten thousand long notes costs the server one batch of memory
/// while it is sent, not the whole account.
enum StreamedItems {
    /// `GET /api/v1/me/export?format=json`: `{"exported_at", "format", "items": [...], "seq", "version"}`.
    static func export(_ snapshot: SavedItemSnapshot, at date: Date, in lane: WorkLane) -> ResponseBody {
        json(
            prefix: #"{"exported_at":"\#(RFC3339.string(date))","format":"\#(ItemJSON.exportFormat)","items":["#,
            snapshot, suffix: #"],"seq":\#(snapshot.point.seq),"version":\#(ItemJSON.exportVersion)}"#, in: lane)
    }

    /// `GET /api/v1/me/changes` when the log cannot replay from the client's point: no changes, and the snapshot
    /// to replace the client's lists with.
    static func changesSnapshot(_ snapshot: SavedItemSnapshot, reason: SnapshotReason, in lane: WorkLane)
        -> ResponseBody
    {
        let point = snapshot.point
        return json(
            prefix:
                #"{"has_more":false,"latest_seq":\#(point.seq),"next_since":"\#(point)","results":[],"snapshot":{"items":["#,
            snapshot, suffix: #"],"reason":"\#(reason.rawValue)","seq":\#(point.seq)}}"#, in: lane)
    }

    /// `GET /api/v1/me/export?format=csv`: the header line, then a row per item.
    static func csv(_ snapshot: SavedItemSnapshot, in lane: WorkLane) -> ResponseBody {
        chunked(snapshot, prefix: ItemCSV.headerLine, suffix: "", in: lane) { item, _, buffer in
            buffer.writeString(ItemCSV.rows([item]))
        }
    }

    /// How much is encoded before it is written and other requests get their turn.
    static let chunkSize = 64 * 1024

    /// `prefix`, the items as JSON separated by commas, then `suffix` (both already JSON).
    private static func json(prefix: String, _ snapshot: SavedItemSnapshot, suffix: String, in lane: WorkLane)
        -> ResponseBody
    {
        chunked(snapshot, prefix: prefix, suffix: suffix, in: lane) { item, first, buffer in
            if !first { buffer.writeInteger(UInt8(ascii: ",")) }
            var json = JSONWriter(capacity: 512)
            ItemJSON.write(item, to: &json)
            buffer.writeBytes(json.bytes)
        }
    }

    /// `prefix`, each item as `encode` writes it, then `suffix`, in chunks of about `chunkSize` bytes. Each chunk is
    /// read and encoded in `lane` and written outside it, so a client that reads slowly holds no place in the lane.
    private static func chunked(
        _ snapshot: SavedItemSnapshot, prefix: String, suffix: String, in lane: WorkLane,
        encode: @escaping @Sendable (SavedItem, _ first: Bool, inout ByteBuffer) -> Void
    ) -> ResponseBody {
        ResponseBody { writer in
            var batches = snapshot.makeAsyncIterator()
            var pending: ArraySlice<SavedItem> = []
            var first = true
            var chunk = ByteBuffer(string: prefix)
            var done = false
            while !done {
                try await lane.run {
                    while chunk.readableBytes < chunkSize {
                        if pending.isEmpty {
                            guard let batch = try await batches.next() else {
                                done = true
                                return
                            }
                            pending = batch[...]
                        }
                        encode(pending.removeFirst(), first, &chunk)
                        first = false
                    }
                }
                if done { chunk.writeString(suffix) }
                try await writer.write(chunk)
                chunk = ByteBuffer()
                // A write to a socket that takes more does not suspend, and neither do reads of SQLite: without
                // this an export would keep its thread of the (two-thread) pool to the end.
                await Task.yield()
            }
            try await writer.finish(nil)
        }
    }
}
