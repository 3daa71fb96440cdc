import AsyncHTTPClient
import ServiceLifecycle

/// Shuts the shared HTTP client down when the application stops.
struct HTTPClientService: Service {
    let client: HTTPClient

    func run() async throws {
        try? await gracefulShutdown()
        try await client.shutdown()
    }
}
