import NIOCore
import NIOPosix
import Synchronization

/// A loopback port that stays while the server behind it changes: each connection is relayed to the port it points
/// at, and closed at once while it points nowhere. A server restarted behind it keeps its address, as behind a load
/// balancer, without waiting for its old port to come free (which another test's server may take meanwhile).
final class TCPRelay: Sendable {
    typealias Connection = NIOAsyncChannel<ByteBuffer, ByteBuffer>

    /// The port clients connect to.
    let port: Int
    private let target = Mutex<Int?>(nil)

    private init(port: Int) {
        self.port = port
    }

    /// Sends new connections to `port` from now on (nil: closes them). Open ones stay with the server they reached.
    func point(at port: Int?) {
        target.withLock { $0 = port }
    }

    /// Runs `body` with a relay listening on a free loopback port, pointing nowhere yet.
    static func with<T: Sendable>(_ body: @Sendable (TCPRelay) async throws -> T) async throws -> T {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(
            host: "127.0.0.1", port: 0
        ) { channel in
            channel.eventLoop.makeCompletedFuture { try Connection(wrappingChannelSynchronously: channel) }
        }
        let relay = TCPRelay(port: listener.channel.localAddress?.port ?? 0)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await listener.executeThenClose { accepted in
                    try await withThrowingDiscardingTaskGroup { connections in
                        for try await client in accepted {
                            let port = relay.target.withLock { $0 }
                            connections.addTask { await Self.relay(client, to: port) }
                        }
                    }
                }
            }
            defer { group.cancelAll() }
            return try await body(relay)
        }
    }

    private static func relay(_ client: Connection, to port: Int?) async {
        let server = try? await port.asyncMap { port in
            try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(
                host: "127.0.0.1", port: port
            ) { channel in
                channel.eventLoop.makeCompletedFuture { try Connection(wrappingChannelSynchronously: channel) }
            }
        }
        guard let server else {
            try? await client.channel.close()
            return
        }
        try? await client.executeThenClose { clientIn, clientOut in
            try await server.executeThenClose { serverIn, serverOut in
                // Either side ending ends both: HTTP clients here never half-close.
                await withTaskGroup(of: Void.self) { both in
                    both.addTask { try? await copy(clientIn, to: serverOut) }
                    both.addTask { try? await copy(serverIn, to: clientOut) }
                    await both.next()
                    client.channel.close(promise: nil)
                    server.channel.close(promise: nil)
                }
            }
        }
    }

    private static func copy(
        _ inbound: NIOAsyncChannelInboundStream<ByteBuffer>, to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) async throws {
        for try await bytes in inbound { try await outbound.write(bytes) }
    }
}

extension Optional {
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
