import Foundation
import HummingbirdTesting
import MarqueeServer
import NIOCore
import Testing

/// Connections that hold the server without using it are closed: nothing sent, headers or a body sent a byte at a
/// time, an answer not read. Connections in use are not.
@Suite("Connection deadlines")
struct ConnectionDeadlineTests {
    let settings = try! TestSettings.make(["headerTimeout": "1", "bodyTimeout": "1"])

    @Test(
        "Nothing sent, headers never finished, or a body that stops: closed after the timeout, having answered nothing",
        arguments: [
            "", "GET /healthz HTTP/1.1\r\nHost: x\r\n",
            "POST /api/v1/auth/guest HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
        ])
    func stalled(request: String) async throws {
        try await withLiveMarquee(settings) { client in
            try await RawConnection.with(port: try #require(client.port)) { connection in
                let started = ContinuousClock.now
                // On a busy machine the server may close before the request is all written: an answer all the same.
                do {
                    if !request.isEmpty { try await connection.send(request) }
                    #expect(try await connection.readToEnd() == "")
                } catch let error as ChannelError where error == .ioOnClosedChannel {
                } catch let error as IOError where error.errnoCode == ECONNRESET {
                    // Closed with the request's bytes unread: the kernel says so with a reset. Nothing was answered.
                }
                // Closed at the one-second timeout, not never: the full suite's load has delayed it past five.
                #expect(ContinuousClock.now - started < .seconds(10))
            }
        }
    }

    @Test("A keep-alive connection is answered every time it asks, then closed once idle past the timeout")
    func keepAlive() async throws {
        // Ten seconds between requests: in the full suite, a loaded machine has kept this client from sending its
        // next request for more than three.
        try await withLiveMarquee(try TestSettings.make(["headerTimeout": "10"])) { client in
            try await RawConnection.with(port: try #require(client.port)) { connection in
                for _ in 0..<3 {
                    try await connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                    _ = try await connection.read(until: "\r\n\r\n")
                }
                _ = try await connection.readToEnd()
            }
        }
    }

    @Test("A live stream stays open past the header timeout while its client reads")
    func streamStays() async throws {
        // Five seconds, not one: the stream's request may go out on the connection the guest's sign-up used, and in
        // the full suite a loaded machine has left that idle long enough for a short timeout to close it as the
        // request left.
        var settings = try TestSettings.make(["headerTimeout": "5", "bodyTimeout": "5"])
        settings.tuning.streamHeartbeat = .milliseconds(100)
        try await withLiveMarquee(settings, dependencies: AccountHarness.dependencies(TestClock())) { client in
            let loopback = LoopbackClient(port: try #require(client.port))
            let guest = try await loopback.guest()
            let stream = loopback.stream(token: guest.token)
            #expect(try #require(await stream.next()).event == "snapshot")
            // Eighty heartbeats: eight seconds, well past the timeout.
            while await stream.comments < 80 {
                #expect(await !stream.isClosed)
                _ = await stream.next(within: .milliseconds(200))
            }
            #expect(await !stream.isClosed)
        }
    }
}
