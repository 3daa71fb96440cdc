import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// A local stand-in for Open-Meteo's forecast and geocoding APIs, on loopback, serving our fixtures
/// (`Fixtures/open-meteo`) in Open-Meteo's documented shapes. It counts calls and can be told to fail or to answer
/// slowly. Geocoding finds places for `lodnon` only; for anything else it answers, as Open-Meteo does, without
/// `results`.
final class FakeOpenMeteo: Sendable {
    private let state = Mutex<(down: Bool, calls: [String])>((false, []))
    let delay: Duration

    init(delay: Duration = .zero) {
        self.delay = delay
    }

    /// Whether every request fails with 503.
    var isDown: Bool {
        get { state.withLock { $0.down } }
        set { state.withLock { $0.down = newValue } }
    }

    /// The query of each request so far (forecast and geocoding).
    var calls: [String] { state.withLock { $0.calls } }

    /// Runs the fake for the duration of `body`, passing the base URL (`http://127.0.0.1:PORT/v1`).
    func run<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
        router.get("v1/forecast") { request, _ in await self.respond(to: request, fixture: "forecast.json") }
        router.get("v1/search") { request, _ in
            let name = request.uri.queryParameters["name"].map(String.init)?.lowercased() ?? ""
            return await self.respond(to: request, fixture: name == "lodnon" ? "search-lodnon.json" : nil)
        }
        return try await withLoopbackServer(router, label: "fake-open-meteo") { port in
            try await body("http://127.0.0.1:\(port)/v1")
        }
    }

    /// `fixture`'s body, or an answer with nothing found when it is nil.
    private func respond(to request: Request, fixture: String?) async -> Response {
        let down = state.withLock { state in
            state.calls.append(request.uri.query ?? "")
            return state.down
        }
        if delay > .zero { try? await Task.sleep(for: delay) }
        let headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if down {
            return Response(
                status: .serviceUnavailable, headers: headers,
                body: .init(byteBuffer: ByteBuffer(string: #"{"error":true,"reason":"Service unavailable"}"#)))
        }
        let data =
            fixture.flatMap { try? Fixtures.data("open-meteo/" + $0) } ?? Data(#"{"generationtime_ms":0.2}"#.utf8)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
