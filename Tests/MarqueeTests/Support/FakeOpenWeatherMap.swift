import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// A local stand-in for OpenWeatherMap's free 2.5 API (`/data/2.5/weather` and `/data/2.5/forecast`), on loopback,
/// serving our fixtures (`Fixtures/openweathermap`) in OpenWeatherMap's documented shapes, the same everywhere.
/// Like the real one it answers 401 unless `appid` is `apiKey`. It records calls and can be told to fail.
final class FakeOpenWeatherMap: Sendable {
    static let apiKey = "owm-test-key-7c41d09e2b5a"

    private let state = Mutex<(down: Bool, calls: [String])>((false, []))

    /// Whether every request fails with 503.
    var isDown: Bool {
        get { state.withLock { $0.down } }
        set { state.withLock { $0.down = newValue } }
    }

    /// The path and query of each request so far.
    var calls: [String] { state.withLock { $0.calls } }

    /// Runs the fake for the duration of `body`, passing the base URL (`http://127.0.0.1:PORT`).
    func run<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
        router.get("data/2.5/weather") { request, _ in self.respond(to: request, fixture: "weather.json") }
        router.get("data/2.5/forecast") { request, _ in self.respond(to: request, fixture: "forecast.json") }
        return try await withLoopbackServer(router, label: "fake-openweathermap") { port in
            try await body("http://127.0.0.1:\(port)")
        }
    }

    private func respond(to request: Request, fixture: String) -> Response {
        let down = state.withLock { state in
            state.calls.append(request.uri.path + "?" + (request.uri.query ?? ""))
            return state.down
        }
        if down {
            return json(503, #"{"cod":503,"message":"Service Unavailable"}"#)
        }
        guard request.uri.queryParameters["appid"].map(String.init) == Self.apiKey else {
            return json(401, Self.invalidKey)
        }
        guard let data = try? Fixtures.data("openweathermap/" + fixture) else {
            return json(500, #"{"cod":500,"message":"Internal error"}"#)
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// OpenWeatherMap's answer to a wrong key.
    private static let invalidKey =
        #"{"cod":401,"message":"Invalid API key. Please see https://openweathermap.org/faq#error401 "#
        + #"for more info."}"#

    private func json(_ status: Int, _ body: String) -> Response {
        Response(
            status: .init(code: status), headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
