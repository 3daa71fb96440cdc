import Foundation
import NIOCore
import NIOPosix
import Testing

/// One TCP connection to the server: writes text, reads until some text has arrived.
struct RawConnection {
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    var received = ""

    /// Connects; with `receiveBuffer`, the socket's receive buffer is that small and each read takes at most 1 KB,
    /// so a reader that stops reading soon stops the server's writes.
    static func with(
        port: Int, receiveBuffer: Int? = nil, _ body: (inout RawConnection) async throws -> Void
    ) async throws {
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        if let receiveBuffer {
            bootstrap = bootstrap.channelOption(.socketOption(.so_rcvbuf), value: SocketOptionValue(receiveBuffer))
                .channelOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: 1_024))
        }
        let channel = try await bootstrap.connect(host: "127.0.0.1", port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                try NIOAsyncChannel<ByteBuffer, ByteBuffer>(
                    wrappingChannelSynchronously: channel,
                    configuration: .init(backPressureStrategy: .init(lowWatermark: 1, highWatermark: 1)))
            }
        }
        try await channel.executeThenClose { inbound, outbound in
            var connection = RawConnection(outbound: outbound, inbound: inbound.makeAsyncIterator())
            try await body(&connection)
        }
    }

    func send(_ text: String) async throws {
        try await outbound.write(ByteBuffer(string: text))
    }

    /// Everything received until the server closes the connection; fails after 10 s.
    mutating func readToEnd() async throws -> String {
        let deadline = ContinuousClock.now + .seconds(10)
        while let chunk = try await inbound.next() {
            received += String(buffer: chunk)
            try #require(ContinuousClock.now < deadline, "the server never closed the connection")
        }
        defer { received = "" }
        return received
    }

    /// Everything received up to and including `marker` (the rest is kept for the next read); fails after 5 s.
    mutating func read(until marker: String) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(5)
        while received.range(of: marker) == nil {
            guard ContinuousClock.now < deadline else { break }
            guard let chunk = try await inbound.next() else { break }
            received += String(buffer: chunk)
        }
        let end = try #require(received.range(of: marker), "never received \(marker); got: \(received)")
        defer { received.removeSubrange(..<end.upperBound) }
        return String(received[..<end.upperBound])
    }
}
