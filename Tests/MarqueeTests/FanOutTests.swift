import Foundation
import HTTPTypes
import MarqueeServer
import NIOCore
import NIOPosix
import Testing

/// Many live streams of one person at once: every change reaches every stream, once each, in order.
@Suite("Live streams: fan-out")
struct FanOutTests {

    /// One raw connection holding a stream open, collecting the numbers of the changes it receives.
    struct Stream {
        let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
        var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
        var text = ""

        /// The sequence numbers of the `change` events received so far, in order.
        var seqs: [Int] {
            text.matches(of: /id: ([0-9]+):[0-9a-f]{8}\nevent: change/).compactMap { Int($0.1) }
        }

        mutating func read(until done: (Stream) -> Bool) async throws {
            while !done(self), let chunk = try await inbound.next() { text += String(buffer: chunk) }
        }
    }

    static func open(port: Int, token: String) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        // A thousand connects at once overflow the listen backlog now and then, and a dropped SYN is sent again only
        // after 1, 3 and 7 s: past NIO's default 10 s on a loaded machine. The test's own time limit still holds.
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connectTimeout(.seconds(60)).connect(
            host: "127.0.0.1", port: port
        ) { channel in
            channel.eventLoop.makeCompletedFuture {
                try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
            }
        }
    }

    /// Raises this process's limit on open files to what it may: a thousand streams are two thousand sockets here.
    static func allowManySockets() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    @Test("A thousand streams of one person each receive every change, once, in order", .timeLimit(.minutes(2)))
    func thousandStreams() async throws {
        Self.allowManySockets()
        let streams = 1_000
        let changes = 5
        // A thousand clients share the test process's threads with every other test: one may send its request
        // later than the default header timeout allows after connecting.
        try await H.run(["streamLimit": "2000", "headerTimeout": "600"]) { h in
            let ada = try await h.guest()
            let request =
                "GET /api/v1/me/changes/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(ada.accessToken)\r\n\r\n"
            let received = try await withThrowingTaskGroup(of: [Int].self) { group in
                let opened = AsyncStream.makeStream(of: Void.self)
                for _ in 0..<streams {
                    group.addTask {
                        do {
                            let channel = try await Self.open(port: h.port, token: ada.accessToken)
                            return try await channel.executeThenClose { inbound, outbound in
                                var stream = Stream(outbound: outbound, inbound: inbound.makeAsyncIterator())
                                try await outbound.write(ByteBuffer(string: request))
                                try await stream.read { $0.text.contains("event: snapshot") }
                                opened.continuation.yield()
                                try await stream.read { $0.seqs.count >= changes }
                                return stream.seqs
                            }
                        } catch {
                            // Stop waiting for every stream to open: the group reports this error below.
                            opened.continuation.finish()
                            throw error
                        }
                    }
                }
                // Every stream is open before the first change is made.
                var count = 0
                for await _ in opened.stream {
                    count += 1
                    if count == streams { break }
                }
                for id in 1...changes { try await h.save(ada, "favorites/movie/\(id)", title: "Film \(id)") }
                var all: [[Int]] = []
                for try await seqs in group { all.append(seqs) }
                return all
            }
            #expect(received.count == streams)
            #expect(received.allSatisfy { $0 == Array(1...changes) })
        }
    }
}
