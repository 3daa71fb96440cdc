import Hummingbird
import Logging
import ServiceLifecycle

/// Runs `router` on a free loopback port for the duration of `body`, which gets the port: the local stand-ins for
/// the third-party services tests cannot reach (TMDB, Open-Meteo, Google) all run this way.
func withLoopbackServer<T: Sendable>(
    _ router: Router<BasicRequestContext>, label: String, _ body: @Sendable (Int) async throws -> T
) async throws -> T {
    let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
    var logger = Logger(label: label)
    logger.logLevel = .critical
    let app = Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { portContinuation.yield($0.localAddress?.port ?? 0) }, logger: logger)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        let serviceGroup = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        group.addTask { try await serviceGroup.run() }
        var ports = portStream.makeAsyncIterator()
        let port = await ports.next() ?? 0
        do {
            let result = try await body(port)
            await serviceGroup.triggerGracefulShutdown()
            try await group.waitForAll()
            return result
        } catch {
            await serviceGroup.triggerGracefulShutdown()
            try? await group.waitForAll()
            throw error
        }
    }
}
