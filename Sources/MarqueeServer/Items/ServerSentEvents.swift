import Foundation
import MarqueeCore
import MarqueeSaved
import MarqueeWire
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

    /// `event: snapshot`, one part of everything saved (`items`, already JSON): parts with `more` are followed by
    /// others; the last replaces what the client holds with all of them, and alone carries the point as its id, so
    /// a client cut off half-way resumes from where it was and gets the snapshot again.
    static func snapshotPart(items: [[UInt8]], point: ResumePoint, reason: SnapshotReason, more: Bool) -> ByteBuffer {
        var json: [UInt8] = []
        json.reserveCapacity(items.reduce(64) { $0 + $1.count + 1 })
        json += Array(#"{"items":["#.utf8)
        for (index, item) in items.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json += item
        }
        json += Array(#"],"more":\#(more),"reason":"\#(reason.rawValue)","seq":\#(point.seq)}"#.utf8)
        return frame(event: "snapshot", id: more ? nil : point.description, json)
    }

    /// `event: account`: the account's preferences as they now are (`{"profile": …}`, as `GET /api/v1/me` shows
    /// them), sent when they change on any device. It has no id: it is not a change to resume from.
    static func account(_ profile: Account.Profile) -> ByteBuffer {
        let json = (try? WireJSON.makeEncoder().encode(["profile": profile])) ?? Data(#"{}"#.utf8)
        return frame(event: "account", id: nil, Array(json))
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
