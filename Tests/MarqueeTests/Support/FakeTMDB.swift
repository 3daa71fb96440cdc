import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// A local stand-in for TMDB's API, on loopback, serving our fixtures in TMDB's documented shapes.
/// It counts calls per path and can be told to fail, so tests can observe caching, coalescing and retries.
final class FakeTMDB: Sendable {
    enum Mode: Sendable {
        case normal
        /// Every request fails with this status.
        case down(status: Int)
        /// The next `count` requests fail with `status`, then normal service resumes.
        case failNext(count: Int, status: Int)
    }

    static let apiKey = "test-key-3f9a1c0e5b7d42e8a6c1"

    private let state = Mutex<(mode: Mode, calls: [String])>((.normal, []))
    let maxAge: Int
    let delay: Duration
    /// The body for a path (without `/3`), or nil for TMDB's 404.
    let body: @Sendable (String) -> Data?

    /// A fake serving our own fixtures (`Fixtures/tmdb`).
    convenience init(maxAge: Int = 3_600, delay: Duration = .zero) {
        self.init(maxAge: maxAge, delay: delay) { path in
            Self.fixture(for: path).flatMap { try? Fixtures.data("tmdb/" + $0) }
        }
    }

    /// A fake serving whatever `body` returns for a path.
    init(maxAge: Int = 3_600, delay: Duration = .zero, body: @escaping @Sendable (String) -> Data?) {
        self.maxAge = maxAge
        self.delay = delay
        self.body = body
    }

    var mode: Mode {
        get { state.withLock { $0.mode } }
        set { state.withLock { $0.mode = newValue } }
    }

    /// Paths requested so far (without query), in order.
    var calls: [String] { state.withLock { $0.calls } }

    func callCount(_ path: String) -> Int { calls.filter { $0 == path }.count }

    /// Runs the fake for the duration of `body`, passing the base URL (`http://127.0.0.1:PORT/3`).
    func run<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
        router.get("**") { request, _ in await self.respond(to: request) }
        return try await withLoopbackServer(router, label: "fake-tmdb") { port in
            try await body("http://127.0.0.1:\(port)/3")
        }
    }

    private func respond(to request: Request) async -> Response {
        let path = request.uri.path
        let failure: Int? = state.withLock { state in
            state.calls.append(path)
            switch state.mode {
            case .normal: return nil
            case .down(let status): return status
            case .failNext(let count, let status):
                state.mode = count > 1 ? .failNext(count: count - 1, status: status) : .normal
                return status
            }
        }
        if delay > .zero { try? await Task.sleep(for: delay) }
        if let failure {
            let file = failure == 429 ? "error-429.json" : "error-404.json"
            return json(file, status: failure, headers: failure == 429 ? [.retryAfter: "0"] : [:])
        }
        guard request.uri.queryParameters["api_key"].map(String.init) == Self.apiKey else {
            return json("error-401.json", status: 401)
        }
        guard path.hasPrefix("/3/"), let data = body(String(path.dropFirst(3))) else {
            return json("error-404.json", status: 404)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "application/json;charset=utf-8", .cacheControl: "public, max-age=\(maxAge)"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    private func json(_ file: String, status: Int, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json;charset=utf-8"
        let data = (try? Fixtures.data("tmdb/" + file)) ?? Data()
        return Response(status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func fixture(for rest: String) -> String? {
        let exact = [
            "configuration": "configuration.json", "movie/9001": "movie-9001.json", "tv/9101": "tv-9101.json",
            "person/9201": "person-9201.json", "movie/upcoming": "movie-upcoming.json",
            "movie/popular": "movie-popular.json", "movie/top_rated": "movie-popular.json",
            "movie/now_playing": "movie-popular.json", "trending/movie/day": "trending-movie-day.json",
            "trending/movie/week": "trending-movie-day.json", "trending/tv/day": "trending-tv-week.json",
            "trending/tv/week": "trending-tv-week.json", "tv/popular": "tv-popular.json",
            "tv/top_rated": "tv-popular.json", "tv/airing_today": "tv-popular.json", "tv/on_the_air": "tv-popular.json",
            "person/popular": "person-popular.json", "search/multi": "search-multi.json",
            "search/movie": "search-movie.json", "search/tv": "search-movie.json", "search/person": "search-movie.json",
            "genre/movie/list": "genre-movie-list.json", "genre/tv/list": "genre-tv-list.json",
            "discover/movie": "discover-movie.json", "discover/tv": "discover-movie.json",
        ]
        return exact[rest]
    }
}
