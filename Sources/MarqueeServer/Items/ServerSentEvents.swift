import Foundation
import MarqueeCore
import MarqueeSaved
import NIOCore

/// The frames of the live change stream, in the `text/event-stream` format. Each `change` frame carries its
/// sequence number as the event id, so a browser's `EventSource` resumes with `Last-Event-ID` by itself.
enum ServerSentEvents {
    /// Asks clients to reconnect after 2 s when the connection drops.
    static let retry = ByteBuffer(string: "retry: 2000\n\n")
    /// A comment line: keeps proxies and idle timers from closing a quiet stream.
    static let heartbeat = ByteBuffer(string: ": heartbeat\n\n")

    /// `event: change` with the change as JSON.
    static func change(_ change: ItemChange) -> ByteBuffer {
        frame(event: "change", id: change.seq, ItemChangeWire(change))
    }

    /// `event: snapshot`: everything saved, replacing what the client holds, and the sequence it reflects.
    static func snapshot(_ items: [SavedItem], seq: Int64, reason: SnapshotReason) -> ByteBuffer {
        frame(event: "snapshot", id: seq, SnapshotBody(seq: seq, reason: reason, items: items.map(SavedItemWire.init)))
    }

    /// `event: end`: the stream is over for good (the client should not reconnect with this sign-in).
    static func end(_ reason: String) -> ByteBuffer {
        frame(event: "end", id: nil, ["reason": reason])
    }

    private static func frame(event: String, id: Int64?, _ body: some Encodable) -> ByteBuffer {
        let json = (try? WireJSON.makeEncoder().encode(body)) ?? Data("{}".utf8)
        var buffer = ByteBuffer()
        buffer.reserveCapacity(json.count + 48)
        if let id { buffer.writeString("id: \(id)\n") }
        buffer.writeString("event: \(event)\ndata: ")
        buffer.writeBytes(json)
        buffer.writeString("\n\n")
        return buffer
    }
}

/// Why a snapshot was sent instead of changes.
enum SnapshotReason: String, Encodable {
    /// The client gave no sequence number to resume from.
    case start
    /// The log no longer reaches back to the client's sequence number.
    case compacted
    /// The client's sequence number is ahead of the server's (a restored or different database).
    case reset
}

/// The body of a snapshot (stream event, and `GET /api/v1/me/changes` when it cannot replay).
struct SnapshotBody: Encodable {
    let seq: Int64
    let reason: SnapshotReason
    let items: [SavedItemWire]
}
