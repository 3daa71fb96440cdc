import MarqueeSaved
import NIOCore
import Testing

@testable import MarqueeServer

/// The ordering rules every live stream follows, however it is served.
@Suite("Live stream ordering")
struct StreamCursorTests {
    private func change(_ seq: Int64) -> ChangeHub<ByteBuffer>.Event {
        .change(seq: seq, frame: ByteBuffer(string: "frame \(seq)"))
    }

    @Test("The next change is sent, repeats are skipped, a gap asks for the log and resumes where it ends")
    func ordering() {
        var cursor = StreamCursor(last: 4, heartbeatsPerSessionCheck: 4)
        #expect(cursor.step(change(5)) == .send(ByteBuffer(string: "frame 5")))
        #expect(cursor.step(change(5)) == .skip)
        #expect(cursor.step(change(3)) == .skip)
        #expect(cursor.step(change(8)) == .catchUp(from: 5))
        #expect(cursor.last == 5, "a gap does not move the cursor until the log was read")
        cursor.caughtUp(to: 8)
        #expect(cursor.step(change(8)) == .skip)
        #expect(cursor.step(change(9)) == .send(ByteBuffer(string: "frame 9")))
        #expect(cursor.last == 9)
    }

    @Test("Every fourth heartbeat checks the sign-in; an ended session ends the stream")
    func heartbeatsAndEnd() {
        var cursor = StreamCursor(last: 0, heartbeatsPerSessionCheck: 4)
        let checks = (1...8).map { _ in cursor.step(.heartbeat) }
        #expect(checks == [false, false, false, true, false, false, false, true].map { .heartbeat(checkSession: $0) })
        #expect(cursor.step(.ended) == .end)
    }
}
