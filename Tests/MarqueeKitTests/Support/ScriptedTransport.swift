import Foundation
import MarqueeWire

@testable import MarqueeKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `MarqueeTransport` whose streams answer from a script, one step per call, in order; once the script is spent,
/// calls wait until they are cancelled. It records each request, and counts the bodies their readers let go of, so
/// that tests can wait for a connection to be closed.
final class ScriptedTransport: MarqueeTransport {
    /// The answer to one `stream(_:)` call.
    enum Step: Sendable {
        /// A response head, then these body chunks, then `then`.
        case answer(status: Int, headers: [String: String], chunks: [Data], then: BodyEnd)
        /// No answer: the call throws.
        case fail(any Error)
    }

    /// What a body does after its chunks.
    enum BodyEnd: Sendable {
        /// The server closes it.
        case close
        /// It stays open until its reader lets go.
        case stayOpen
        /// The connection breaks.
        case fail(any Error)
    }

    /// A request as the transport saw it.
    struct Request: Sendable {
        var url: URL?
        var headers: [String: String]

        /// A header's value, by case-insensitive name.
        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    private struct State {
        var script: [Step]
        var requests: [Request] = []
        var openBodies: [Int: AsyncThrowingStream<Data, any Error>.Continuation] = [:]
        var closedBodies = 0
        var waiters: [Waiter] = []

        /// Resumes the waiters whose count has been reached.
        mutating func ready() -> [CheckedContinuation<Void, Never>] {
            let counts = (requested: requests.count, closed: closedBodies)
            let ready = waiters.filter { $0.isReady(counts) }
            waiters.removeAll { $0.isReady(counts) }
            return ready.map(\.continuation)
        }
    }

    private struct Waiter {
        var requests: Int?
        var closed: Int?
        var continuation: CheckedContinuation<Void, Never>

        func isReady(_ counts: (requested: Int, closed: Int)) -> Bool {
            counts.requested >= (requests ?? 0) && counts.closed >= (closed ?? 0)
        }
    }

    private let state: Locked<State>

    init(_ script: [Step]) {
        state = Locked(State(script: script))
    }

    /// `text/event-stream` with `text`, cut into chunks of `chunkSize` bytes (whole when nil).
    static func events(_ text: String, chunkSize: Int? = nil, then end: BodyEnd = .stayOpen) -> Step {
        let bytes = Array(text.utf8)
        let size = max(chunkSize ?? bytes.count, 1)
        let chunks = stride(from: 0, to: bytes.count, by: size).map { Data(bytes[$0..<min($0 + size, bytes.count)]) }
        return .answer(status: 200, headers: ["Content-Type": "text/event-stream"], chunks: chunks, then: end)
    }

    /// The API's error body with `status` and `code`, and `Retry-After` when given.
    static func refusal(_ status: Int, code: String, retryAfter: Int? = nil) -> Step {
        var headers = ["Content-Type": "application/json"]
        headers["Retry-After"] = retryAfter.map(String.init)
        let body = #"{"error":{"code":"\#(code)","message":"Refused.","requestId":"req-1"}}"#
        return .answer(status: status, headers: headers, chunks: [Data(body.utf8)], then: .close)
    }

    /// The requests seen so far.
    var requests: [Request] { state.current.requests }

    /// Returns once readers have let go of `count` bodies in all.
    func waitUntilClosed(_ count: Int) async {
        await wait(requests: nil, closed: count)
    }

    /// Returns once `count` requests have been made in all.
    func waitUntilRequested(_ count: Int) async {
        await wait(requests: count, closed: nil)
    }

    private func wait(requests: Int?, closed: Int?) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                state.waiters.append(Waiter(requests: requests, closed: closed, continuation: continuation))
                return state.ready()
            }
            for waiter in ready { waiter.resume() }
        }
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        throw MarqueeError.offline
    }

    func stream(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        let (step, ready) = state.withLock { state in
            state.requests.append(Request(url: request.url, headers: request.allHTTPHeaderFields ?? [:]))
            return (state.script.isEmpty ? nil : state.script.removeFirst(), state.ready())
        }
        for waiter in ready { waiter.resume() }
        guard let step else {
            await Self.waitForCancellation()
            throw CancellationError()
        }
        switch step {
        case .fail(let error):
            throw error
        case .answer(let status, let headers, let chunks, let end):
            let url = request.url ?? URL(fileURLWithPath: "/")
            guard
                let head = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else { throw MarqueeError.unreadableResponse(status: status) }
            return (head, body(chunks, then: end))
        }
    }

    private func body(_ chunks: [Data], then end: BodyEnd) -> AsyncThrowingStream<Data, any Error> {
        let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let id = state.withLock { state in
            let id = state.requests.count
            state.openBodies[id] = continuation
            return id
        }
        continuation.onTermination = { [state] _ in
            let ready = state.withLock { state in
                state.openBodies[id] = nil
                state.closedBodies += 1
                return state.ready()
            }
            for waiter in ready { waiter.resume() }
        }
        for chunk in chunks { continuation.yield(chunk) }
        switch end {
        case .close: continuation.finish()
        case .fail(let error): continuation.finish(throwing: error)
        case .stayOpen: break
        }
        return body
    }

    /// Waits until the task is cancelled.
    private static func waitForCancellation() async {
        let (never, keepOpen) = AsyncStream<Never>.makeStream()
        for await _ in never {}
        withExtendedLifetime(keepOpen) {}
    }
}
