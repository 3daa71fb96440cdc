import MarqueeUpstream
import Synchronization

/// An `HTTPTransport` that answers from a script, in order, and then `200 {}` to everything; it records each URL it
/// was asked for. For tests of `UpstreamFetcher` itself, without a server.
final class ScriptedTransport: HTTPTransport {
    private let state: Mutex<(script: [UpstreamResponse], urls: [String])>

    init(_ script: [UpstreamResponse] = []) {
        state = Mutex((script, []))
    }

    /// A JSON answer with `status` and, if given, `Retry-After`.
    static func answer(_ status: Int, retryAfter: String? = nil, body: String = "{}") -> UpstreamResponse {
        var headers = ["content-type": "application/json"]
        headers["retry-after"] = retryAfter
        return UpstreamResponse(status: status, headers: headers, body: Array(body.utf8))
    }

    /// The URLs asked for so far.
    var urls: [String] { state.withLock { $0.urls } }

    func get(_ url: String, headers: [(String, String)], timeout: Duration) async throws -> UpstreamResponse {
        state.withLock { state in
            state.urls.append(url)
            return state.script.isEmpty ? Self.answer(200) : state.script.removeFirst()
        }
    }
}
