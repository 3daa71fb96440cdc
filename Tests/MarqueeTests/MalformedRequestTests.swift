import Foundation
import HummingbirdTesting
import MarqueeWire
import Testing

@Suite("Requests that are not HTTP get the JSON error contract too")
struct MalformedRequestTests {
    private static let long = String(repeating: "a", count: 100_000)

    @Test(
        "Bad framing, an unknown method, garbage, or a head past the limit: the error body with a request id, then the connection closes",
        arguments: [
            (
                "GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
                "400 Bad Request", "request.malformed"
            ),
            ("BREW /healthz HTTP/1.1\r\nHost: x\r\n\r\n", "400 Bad Request", "request.malformed"),
            ("hello\r\n\r\n", "400 Bad Request", "request.malformed"),
            (
                "GET /\(long) HTTP/1.1\r\nHost: x\r\n\r\n", "431 Request Header Fields Too Large",
                "request.header_too_large"
            ),
            (
                "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Long: \(long)\r\n\r\n", "431 Request Header Fields Too Large",
                "request.header_too_large"
            ),
        ])
    func malformed(request: String, status: String, code: String) async throws {
        try await withLiveMarquee(try TestSettings.make()) { client in
            let answer = try await Self.answers(to: request, port: try #require(client.port))
            try #require(answer.count == 1, "\(request.prefix(60)): \(answer)")
            try Self.expectError(answer[0], status: status, code: code)
        }
    }

    @Test("Garbage after whole pipelined requests is answered after them, in order")
    func pipelined() async throws {
        try await withLiveMarquee(try TestSettings.make()) { client in
            let port = try #require(client.port)
            let health = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
            let answer = try await Self.answers(to: health + health + "BREW / HTTP/1.1\r\n\r\n", port: port)
            try #require(answer.count == 3, "\(answer)")
            #expect(answer[0].hasPrefix("HTTP/1.1 200") && answer[1].hasPrefix("HTTP/1.1 200"))
            try Self.expectError(answer[2], status: "400 Bad Request", code: "request.malformed")
        }
    }

    @Test(
        "A body that does not parse, in a request answered without reading it: that answer alone, then the connection closes"
    )
    func unreadBadBody() async throws {
        try await withLiveMarquee(try TestSettings.make()) { client in
            let port = try #require(client.port)
            let answer = try await Self.answers(
                to:
                    "PUT /api/v1/me/items/favorites/movie/1 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                port: port)
            try #require(answer.count == 1, "\(answer)")
            try Self.expectError(answer[0], status: "401 Unauthorized", code: "auth.required")
        }
    }

    @Test("A bad chunk that comes after the request was answered without its body: nothing more, then the close")
    func lateBadChunk() async throws {
        try await withLiveMarquee(try TestSettings.make()) { client in
            try await RawConnection.with(port: try #require(client.port)) { connection in
                try await connection.send(
                    "PUT /api/v1/me/items/favorites/movie/1 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
                let answer = try await connection.read(until: "}}")
                try Self.expectError(answer, status: "401 Unauthorized", code: "auth.required")
                try await connection.send("zz\r\n")
                let rest = try await connection.readToEnd()
                #expect(rest.isEmpty, "nothing follows the answer: \(rest)")
            }
        }
    }

    @Test("Garbage behind a stream request that is refused: the stream's answer first, then the 400")
    func behindStream() async throws {
        try await withLiveMarquee(try TestSettings.make()) { client in
            let answer = try await Self.answers(
                to: "GET /api/v1/me/changes/stream HTTP/1.1\r\nHost: x\r\n\r\nBREW / HTTP/1.1\r\n\r\n",
                port: try #require(client.port))
            try #require(answer.count == 2, "\(answer)")
            try Self.expectError(answer[0], status: "401 Unauthorized", code: "auth.required")
            try Self.expectError(answer[1], status: "400 Bad Request", code: "request.malformed")
        }
    }

    /// Sends `request` as it is and splits everything received until the server closes into responses.
    private static func answers(to request: String, port: Int) async throws -> [String] {
        var received = ""
        try await RawConnection.with(port: port) { connection in
            try await connection.send(request)
            received = try await connection.readToEnd()
        }
        return received.components(separatedBy: "HTTP/1.1 ").dropFirst().map { "HTTP/1.1 " + $0 }
    }

    /// The response has `status`, the error body with `code`, the request id of its header in its body, and says it
    /// closes the connection (for the protocol errors).
    private static func expectError(_ response: String, status: String, code: String) throws {
        #expect(response.hasPrefix("HTTP/1.1 \(status)\r\n"), "\(response)")
        let parts = response.components(separatedBy: "\r\n\r\n")
        let headers = parts[0].lowercased()
        // The error contract's keys are not snake_case (`requestId`).
        let error = try JSONDecoder().decode(APIError.self, from: Data(parts.dropFirst().joined().utf8)).error
        #expect(error.code == code)
        #expect(!error.message.isEmpty)
        let requestID = error.requestId
        #expect(headers.contains("x-request-id: \(requestID.lowercased())"))
        #expect(headers.contains("content-type: application/json"))
        if code.hasPrefix("request.") { #expect(headers.contains("connection: close")) }
    }
}
