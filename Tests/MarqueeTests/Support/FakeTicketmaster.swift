import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// A local stand-in for Ticketmaster's Discovery API v2 (`/discovery/v2/events.json` and
/// `/discovery/v2/events/{id}.json`), on loopback, serving our fixtures (`Fixtures/ticketmaster`) in Discovery's
/// documented shapes. Like the real one it answers 401 unless `apikey` is `apiKey`. It records calls and can be told
/// to fail (a 429 with `Retry-After`, a 503, …).
///
/// Every search near any `geoPoint` finds the five events of `events-near.json`, or those whose name holds the
/// `keyword` (none: an answer without `_embedded`, as Ticketmaster's); pages after the first are empty. An event is
/// found by id in `event-{id}.json`, else among the search's events; any other id is Ticketmaster's 404.
final class FakeTicketmaster: Sendable {
    static let apiKey = "tm-test-key-5b1e8c2a7d94"

    enum Mode: Sendable {
        case normal
        /// Every request fails with `status`, and `Retry-After: retryAfter` when given.
        case down(status: Int, retryAfter: String?)
        /// The next `count` requests fail so, then normal service resumes.
        case failNext(count: Int, status: Int, retryAfter: String?)
    }

    private let state = Mutex<(mode: Mode, calls: [String])>((.normal, []))

    var mode: Mode {
        get { state.withLock { $0.mode } }
        set { state.withLock { $0.mode = newValue } }
    }

    /// The path and query of each request so far, in order.
    var calls: [String] { state.withLock { $0.calls } }

    /// How many requests asked for `path` (without the query).
    func callCount(_ path: String) -> Int {
        calls.filter { $0 == path || $0.hasPrefix(path + "?") }.count
    }

    /// Runs the fake for the duration of `body`, passing the base URL (`http://127.0.0.1:PORT/discovery/v2`).
    func run<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
        router.get("discovery/v2/events.json") { request, _ in
            self.respond(to: request) { Self.search(request) }
        }
        router.get("discovery/v2/events/:file") { request, context in
            let file = context.parameters.get("file") ?? ""
            return self.respond(to: request) {
                file.hasSuffix(".json") ? Self.event(id: String(file.dropLast(5))) : nil
            }
        }
        return try await withLoopbackServer(router, label: "fake-ticketmaster") { port in
            try await body("http://127.0.0.1:\(port)/discovery/v2")
        }
    }

    /// The answer `body` gives (nil: Ticketmaster's 404), unless the fake is failing or the key is wrong.
    private func respond(to request: Request, body: () -> Data?) -> Response {
        let failure: (status: Int, retryAfter: String?)? = state.withLock { state in
            state.calls.append(request.uri.path + (request.uri.query.map { "?" + $0 } ?? ""))
            switch state.mode {
            case .normal: return nil
            case .down(let status, let retryAfter): return (status, retryAfter)
            case .failNext(let count, let status, let retryAfter):
                state.mode = count > 1 ? .failNext(count: count - 1, status: status, retryAfter: retryAfter) : .normal
                return (status, retryAfter)
            }
        }
        if let failure {
            var headers: HTTPFields = [:]
            if let retryAfter = failure.retryAfter { headers[.retryAfter] = retryAfter }
            let text = failure.status == 429 ? Self.rateLimited : Self.unavailable(failure.status)
            return json(failure.status, Data(text.utf8), headers: headers)
        }
        guard request.uri.queryParameters["apikey"].map(String.init) == Self.apiKey else {
            return json(401, Data(Self.invalidKey.utf8))
        }
        guard let data = body() else { return json(404, Data(Self.notFound.utf8)) }
        return json(200, data)
    }

    /// Ticketmaster's error shapes: a gateway fault for keys and rate limits, a list of errors for the rest.
    private static let rateLimited =
        #"{"fault":{"faultstring":"Rate limit exceeded","detail":{"errorcode":"policies.ratelimit.QuotaViolation"}}}"#
    private static let invalidKey =
        #"{"fault":{"faultstring":"Invalid ApiKey","detail":{"errorcode":"oauth.v2.InvalidApiKey"}}}"#
    private static let notFound = #"{"errors":[{"code":"DIS1004","detail":"No event has this id.","status":"404"}]}"#

    private static func unavailable(_ status: Int) -> String {
        #"{"errors":[{"code":"SVC0001","detail":"Service unavailable","status":"\#(status)"}]}"#
    }

    /// The search fixture, narrowed to the events whose name holds `keyword`; empty past the first page.
    private static func search(_ request: Request) -> Data? {
        guard let fixture = try? Fixtures.data("ticketmaster/events-near.json") else { return nil }
        let keyword = request.uri.queryParameters["keyword"].map(String.init)?.lowercased()
        let page = request.uri.queryParameters["page"].flatMap { Int(String($0)) } ?? 0
        guard page == 0 else { return try? Fixtures.data("ticketmaster/events-none.json") }
        guard let keyword else { return fixture }
        let found = events(in: fixture).filter { (($0["name"] as? String) ?? "").lowercased().contains(keyword) }
        guard !found.isEmpty else { return try? Fixtures.data("ticketmaster/events-none.json") }
        let answer: [String: Any] = [
            "_embedded": ["events": found],
            "page": ["size": 20, "totalElements": found.count, "totalPages": 1, "number": 0],
        ]
        return try? JSONSerialization.data(withJSONObject: answer)
    }

    /// The event with `id`: its own fixture, or the search fixture's entry.
    private static func event(id: String) -> Data? {
        guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        if let own = try? Fixtures.data("ticketmaster/event-\(id).json") { return own }
        guard let fixture = try? Fixtures.data("ticketmaster/events-near.json"),
            let event = events(in: fixture).first(where: { $0["id"] as? String == id })
        else { return nil }
        return try? JSONSerialization.data(withJSONObject: event)
    }

    private static func events(in fixture: Data) -> [[String: Any]] {
        let page = (try? JSONSerialization.jsonObject(with: fixture)) as? [String: Any]
        return ((page?["_embedded"] as? [String: Any])?["events"] as? [[String: Any]]) ?? []
    }

    private func json(_ status: Int, _ data: Data, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json;charset=utf-8"
        return Response(status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
