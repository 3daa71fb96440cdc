import MarqueeSaved
import NIOCore

/// Where a live stream stands, and what the hub's next event asks of it: the one set of ordering rules for both
/// ways a stream is served (the route's task in `ChangeStream.run` and `LiveStreamHandler` on the connection).
struct StreamCursor {
    /// What to do with an event.
    enum Step: Equatable {
        /// Write this frame: a change's (the cursor has moved past it) or a notice's.
        case send(ByteBuffer)
        /// Sent already (a replay overlapped the live feed): nothing to do.
        case skip
        /// Changes after `from` are missing (they reached this instance out of order): read them from the log,
        /// send them, then `caughtUp(to:)`.
        case catchUp(from: Int64)
        /// Write a heartbeat; when `checkSession`, first check that the sign-in is still active.
        case heartbeat(checkSession: Bool)
        /// The sign-in ended: say so and end the stream.
        case end
    }

    /// The sequence number the client has.
    private(set) var last: Int64
    private let heartbeatsPerSessionCheck: Int
    private var heartbeats = 0

    /// A cursor at `last`, asking for a sign-in check every `heartbeatsPerSessionCheck` heartbeats.
    init(last: Int64, heartbeatsPerSessionCheck: Int) {
        self.last = last
        self.heartbeatsPerSessionCheck = max(1, heartbeatsPerSessionCheck)
    }

    mutating func step(_ event: ChangeHub<ByteBuffer>.Event) -> Step {
        switch event {
        case .change(let seq, let frame):
            if seq <= last { return .skip }
            guard seq == last + 1 else { return .catchUp(from: last) }
            last = seq
            return .send(frame)
        case .heartbeat:
            heartbeats += 1
            return .heartbeat(checkSession: heartbeats % heartbeatsPerSessionCheck == 0)
        case .ended:
            return .end
        case .notice(let frame):
            return .send(frame)
        }
    }

    /// The log was read up to `seq` (or a snapshot at `seq` was sent).
    mutating func caughtUp(to seq: Int64) {
        last = seq
    }
}
