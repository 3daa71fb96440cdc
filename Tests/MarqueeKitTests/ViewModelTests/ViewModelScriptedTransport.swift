import Foundation
import MarqueeWire

@testable import MarqueeKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `MarqueeTransport` for the view model tests: each request is answered by the handler, recorded, and told to
/// whoever waits for it (so that a test waits for a request, never for time).
actor ViewModelScriptedTransport: MarqueeTransport {
    /// A status and a body.
    struct Answer: Sendable {
        var status: Int
        var body: Data
    }

    /// A request as it was sent.
    struct Request: Sendable {
        let sent: URLRequest

        /// `"GET /api/v1/search"`.
        var route: String { "\(sent.httpMethod ?? "GET") \(sent.url?.path ?? "")" }

        /// The value of query parameter `name`.
        func query(_ name: String) -> String? {
            sent.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }?.queryItems?
                .first { $0.name == name }?.value
        }

        /// The JSON body as a dictionary.
        var json: [String: Any]? {
            sent.httpBody.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        }
    }

    typealias Handler = @Sendable (Request) async throws -> Answer

    private let handler: Handler
    private(set) var requests: [Request] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        requests.append(Request(sent: request))
        let ready = waiters.filter { $0.count <= requests.count }
        waiters.removeAll { $0.count <= requests.count }
        for waiter in ready { waiter.continuation.resume() }
        let answer = try await handler(Request(sent: request))
        guard
            let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: answer.status, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "application/json"])
        else { throw URLError(.badServerResponse) }
        return (answer.body, response)
    }

    func stream(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        throw MarqueeError.offline
    }

    /// Returns once `count` requests have been sent in all.
    func waitForRequests(_ count: Int) async {
        if requests.count >= count { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }

    /// The requests sent to `route`.
    func requests(to route: String) -> [Request] {
        requests.filter { $0.route == route }
    }
}

extension ViewModelScriptedTransport.Answer {
    /// `value` as JSON, in the wire's snake_case.
    static func json(_ value: some Encodable, status: Int = 200) -> Self {
        Self(status: status, body: (try? WireJSON.makeEncoder().encode(value)) ?? Data())
    }

    /// The server's error body, with its sentence for people.
    static func error(_ status: Int, _ code: String, _ message: String) -> Self {
        // The error body keeps the contract's spelling (`requestId`), without snake_case.
        let body = APIError(code: code, message: message, requestId: "req-1")
        return Self(status: status, body: (try? JSONEncoder().encode(body)) ?? Data())
    }

    /// A page of catalog results.
    static func titles(_ titles: [MediaSummary], page: Int = 1, totalPages: Int = 1) -> Self {
        .json(Page(page: page, results: titles, totalPages: totalPages, totalResults: titles.count))
    }
}
