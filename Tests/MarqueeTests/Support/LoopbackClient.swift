import AsyncHTTPClient
import Foundation
import MarqueeWire
import NIOCore
import NIOHTTP1
import Testing

/// A plain HTTP client for a `marquee serve` process on loopback (for tests that run the real binary).
struct LoopbackClient: Sendable {
    let port: Int

    struct Reply: Sendable {
        var status: Int
        var body: String

        /// The body as the wire type it is.
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try WireJSON.makeDecoder().decode(T.self, from: Data(body.utf8))
        }

        /// The error body's code; nil when the body is not an error.
        var errorCode: String? {
            // The error contract's keys are not snake_case (`requestId`).
            try? JSONDecoder().decode(APIError.self, from: Data(body.utf8)).error.code
        }
    }

    /// Sends a request; `json` becomes the body. The answer is checked against the OpenAPI document.
    func send(
        _ method: HTTPMethod, _ path: String, json: String? = nil, bearer: String? = nil,
        timeout: TimeAmount = .seconds(30),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        if let bearer { request.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: json))
        }
        let response: HTTPClientResponse
        do {
            response = try await HTTPClient.shared.execute(request, timeout: timeout)
        } catch ChannelError.ioOnClosedChannel {
            // The pooled connection was closed by the server (idle, or after a stream ended) as the request was
            // handed to it: nothing was sent, so it is sent again on a new connection, as browsers do.
            response = try await HTTPClient.shared.execute(request, timeout: timeout)
        }
        let body = try await response.body.collect(upTo: 16 << 20)
        let answer = APIContract.Answer(
            method: method.rawValue, uri: path, status: Int(response.status.code),
            contentType: response.headers.first(name: "Content-Type"),
            requestID: response.headers.first(name: "X-Request-Id"),
            body: Array(body.readableBytesView))
        APIContract.repository.record(APIContract.repository.problems(answer), sourceLocation: sourceLocation)
        return Reply(status: Int(response.status.code), body: String(buffer: body))
    }

    /// A new guest's access token and id.
    func guest() async throws -> (token: String, userID: String) {
        let reply = try await send(.POST, "/api/v1/auth/guest")
        #expect(reply.status == 201, "\(reply.body)")
        let session = try reply.decode(Session.self)
        return (try #require(session.accessToken), try #require(session.user?.id))
    }

    /// Saves a favourite movie; returns the response status.
    func saveMovie(_ id: String, token: String, timeout: TimeAmount = .seconds(30)) async throws -> Int {
        try await send(
            .PUT, "/api/v1/me/items/favorites/movie/\(id)", json: #"{"snapshot":{"title":"Film \#(id)"}}"#,
            bearer: token,
            timeout: timeout
        ).status
    }

    /// Every saved item id of the person (all pages).
    func savedIDs(token: String) async throws -> Set<String> {
        var ids: Set<String> = []
        var cursor: String?
        repeat {
            let query = "/api/v1/me/items?limit=100" + (cursor.map { "&cursor=\($0)" } ?? "")
            let reply = try await send(.GET, query, bearer: token)
            #expect(reply.status == 200, "\(reply.body)")
            let page = try reply.decode(ItemPage.self)
            ids.formUnion(page.results.map(\.id))
            cursor = page.nextCursor
        } while cursor != nil
        return ids
    }

    /// Opens the person's live stream.
    func stream(token: String, lastEventID: String? = nil) -> EventStreamClient {
        EventStreamClient.open(port: port, bearer: token, lastEventID: lastEventID)
    }
}
