import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// A local stand-in for Open-Meteo's forecast and geocoding APIs, on loopback, serving our fixtures
/// (`Fixtures/open-meteo`) in Open-Meteo's documented shapes. It counts calls and can be told to fail or to answer
/// slowly. Geocoding finds places for `lodnon` only; for anything else it answers, as Open-Meteo does, without
/// `results`; by id it knows Lodnon Green (99990001), a place too small for the embedded index.
///
/// The forecast is the fixture's everywhere, but for the temperature now, which falls half a degree with each degree
/// of latitude north of London (17.3 °C there), so that places can be told apart. Several coordinates get an array.
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

    /// The query of each forecast request so far.
    var forecastCalls: [String] { calls.filter { $0.contains("latitude=") } }

    /// Runs the fake for the duration of `body`, passing the base URL (`http://127.0.0.1:PORT/v1`).
    func run<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
        router.get("v1/forecast") { request, _ in
            await self.respond(to: request, fixture: "forecast.json") { Self.forecasts($0, for: request) }
        }
        router.get("v1/get") { request, _ in
            let id = request.uri.queryParameters["id"].map(String.init)
            if id == "99990001" { return await self.respond(to: request, fixture: "get-lodnon-green.json") }
            return await self.respond(to: request, fixture: nil, status: .notFound)
        }
        router.get("v1/search") { request, _ in
            let name = request.uri.queryParameters["name"].map(String.init)?.lowercased() ?? ""
            return await self.respond(to: request, fixture: name == "lodnon" ? "search-lodnon.json" : nil)
        }
        return try await withLoopbackServer(router, label: "fake-open-meteo") { port in
            try await body("http://127.0.0.1:\(port)/v1")
        }
    }

    /// `fixture`'s body (as `shape` makes it), or an answer with nothing found when it is nil.
    private func respond(
        to request: Request, fixture: String?, status: HTTPResponse.Status = .ok,
        shape: @Sendable (Data) -> Data? = { $0 }
    ) async -> Response {
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
        guard status == .ok else {
            return Response(
                status: status, headers: headers,
                body: .init(byteBuffer: ByteBuffer(string: #"{"error":true,"reason":"Not found"}"#)))
        }
        let data =
            fixture.flatMap { try? Fixtures.data("open-meteo/" + $0) }.flatMap(shape)
            ?? Data(#"{"generationtime_ms":0.2}"#.utf8)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The fixture's forecast for each latitude asked for: one object, or an array for several.
    private static func forecasts(_ fixture: Data, for request: Request) -> Data? {
        let latitudes = (request.uri.queryParameters["latitude"].map(String.init) ?? "").split(separator: ",")
        guard var forecast = (try? JSONSerialization.jsonObject(with: fixture)) as? [String: Any],
            var current = forecast["current"] as? [String: Any]
        else { return nil }
        let answers = latitudes.map { text -> [String: Any] in
            let latitude = Double(text) ?? 51.5085
            current["temperature_2m"] = ((17.3 + (51.5085 - latitude) / 2) * 10).rounded() / 10
            forecast["current"] = current
            forecast["latitude"] = latitude
            return forecast
        }
        let json: Any = answers.count == 1 ? answers[0] : answers
        return try? JSONSerialization.data(withJSONObject: json)
    }
}
