import MarqueeCore
import MarqueeSaved
import NIOCore

/// The frames of the live change stream, in the `text/event-stream` format. Each `change` frame carries its
/// `ResumePoint` as the event id, so a browser's `EventSource` resumes with `Last-Event-ID` by itself.
enum ServerSentEvents {
    /// Asks clients to reconnect after 2 s when the connection drops.
    static let retry = ByteBuffer(string: "retry: 2000\n\n")
    /// A comment line: keeps proxies and idle timers from closing a quiet stream.
    static let heartbeat = ByteBuffer(string: ": heartbeat\n\n")

    /// `event: change` with the change as JSON.
    static func change(_ change: ItemChange) -> ByteBuffer {
        frame(event: "change", id: ResumePoint(after: change).description, ItemJSON.bytes(change))
    }

    /// `event: snapshot`: everything saved, replacing what the client holds, and the sequence it reflects.
    static func snapshot(_ snapshot: ItemResponses.Snapshot) -> ByteBuffer {
        var json = JSONWriter(capacity: 512 * snapshot.items.count + 64)
        ItemResponses.write(snapshot, to: &json)
        return frame(event: "snapshot", id: snapshot.point.description, json.bytes)
    }

    /// `event: end`: the stream is over for good (the client should not reconnect with this sign-in).
    static func end(_ reason: String) -> ByteBuffer {
        var json = JSONWriter()
        json.object { $0.member("reason", reason) }
        return frame(event: "end", id: nil, json.bytes)
    }

    private static func frame(event: String, id: String?, _ json: [UInt8]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(json.count + 48)
        if let id { buffer.writeString("id: \(id)\n") }
        buffer.writeString("event: \(event)\ndata: ")
        buffer.writeBytes(json)
        buffer.writeString("\n\n")
        return buffer
    }
}
