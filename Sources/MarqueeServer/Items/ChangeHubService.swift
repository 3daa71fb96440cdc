import MarqueeSaved
import NIOCore
import ServiceLifecycle

/// Runs the hub's fan-out and heartbeats for as long as the server runs; on shutdown it ends every live stream so
/// the server does not wait for them (clients reconnect and resume).
struct ChangeHubService: Service {
    let hub: ChangeHub<ByteBuffer>
    let heartbeat: Duration

    func run() async throws {
        await withTaskGroup { group in
            group.addTask {
                await withGracefulShutdownHandler { await hub.run() } onGracefulShutdown: { hub.shutDown() }
            }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: heartbeat)
                    hub.heartbeat()
                }
            }
            await group.next()
            group.cancelAll()
        }
    }
}
