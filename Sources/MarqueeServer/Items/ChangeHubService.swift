import MarqueeSaved
import NIOCore
import ServiceLifecycle

/// Runs the hub's fan-out and heartbeats for as long as the server runs, and stops the hub on shutdown. (Streams
/// close themselves when shutdown begins, in `ChangeStream`: the HTTP server stops before this service and waits
/// for open responses, so the hub's own shutdown comes too late for them.)
struct ChangeHubService: Service {
    let hub: ChangeHub<ByteBuffer>
    let heartbeat: Duration

    func run() async throws {
        await withTaskGroup { group in
            group.addTask {
                await withGracefulShutdownHandler {
                    await hub.run()
                } onGracefulShutdown: {
                    hub.shutDown()
                }
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
