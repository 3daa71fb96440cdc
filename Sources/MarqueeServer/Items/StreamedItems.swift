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
    static func export(_ snapshot: SavedItemSnapshot, at date: Date) -> ResponseBody {
        json(
            prefix: #"{"exported_at":"\#(RFC3339.string(date))","format":"\#(ItemJSON.exportFormat)","items":["#,
            snapshot, suffix: #"],"seq":\#(snapshot.point.seq),"version":\#(ItemJSON.exportVersion)}"#)
    }

    /// `GET /api/v1/me/changes` when the log cannot replay from the client's point: no changes, and the snapshot
    /// to replace the client's lists with.
    static func changesSnapshot(_ snapshot: SavedItemSnapshot, reason: SnapshotReason) -> ResponseBody {
        let point = snapshot.point
        return json(
            prefix:
                #"{"has_more":false,"latest_seq":\#(point.seq),"next_since":"\#(point)","results":[],"snapshot":{"items":["#,
            snapshot, suffix: #"],"reason":"\#(reason.rawValue)","seq":\#(point.seq)}}"#)
    }

    /// `GET /api/v1/me/export?format=csv`: the header line, then a row per item.
    static func csv(_ snapshot: SavedItemSnapshot) -> ResponseBody {
        ResponseBody { writer in
            try await writer.write(ByteBuffer(string: ItemCSV.headerLine))
            for try await batch in snapshot {
                // A row at a time, in chunks, for the reason `json` gives.
                var rows = ""
                for item in batch {
                    rows += ItemCSV.rows([item])
                    if rows.utf8.count >= chunkSize {
                        try await send(ByteBuffer(string: rows), to: &writer)
                        rows = ""
                    }
                }
                if !rows.isEmpty { try await send(ByteBuffer(string: rows), to: &writer) }
            }
            try await writer.finish(nil)
        }
    }

    /// How much is encoded before it is written and other requests get their turn (`send`).
    static let chunkSize = 64 * 1024

    /// Writes a chunk, then yields: a write to a socket that takes more does not suspend, and reads of SQLite do
    /// not either, so without this an export would keep its thread of the (two-thread) pool to the end, and a few
    /// exports of large accounts would keep every other request waiting for as long (seen: /healthz waiting 21 s
    /// behind eight exports).
    private static func send(_ buffer: ByteBuffer, to writer: inout any ResponseBodyWriter) async throws {
        try await writer.write(buffer)
        await Task.yield()
    }

    /// `prefix`, the items as JSON separated by commas, then `suffix` (both already JSON).
    private static func json(prefix: String, _ snapshot: SavedItemSnapshot, suffix: String) -> ResponseBody {
        ResponseBody { writer in
            var buffer = ByteBuffer(string: prefix)
            var first = true
            for try await batch in snapshot {
                for item in batch {
                    if !first { buffer.writeInteger(UInt8(ascii: ",")) }
                    first = false
                    var json = JSONWriter(capacity: 512)
                    ItemJSON.write(item, to: &json)
                    buffer.writeBytes(json.bytes)
                    if buffer.readableBytes >= chunkSize {
                        try await send(buffer, to: &writer)
                        buffer = ByteBuffer()
                    }
                }
            }
            buffer.writeString(suffix)
            try await writer.write(buffer)
            try await writer.finish(nil)
        }
    }
}
