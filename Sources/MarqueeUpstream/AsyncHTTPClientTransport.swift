package import AsyncHTTPClient
import Logging
import NIOCore
import NIOHTTP1

/// `HTTPTransport` over AsyncHTTPClient.
package struct AsyncHTTPClientTransport: HTTPTransport {
    private let client: HTTPClient
    private let maxBodyBytes: Int

    /// Creates a transport; `client` is owned (and shut down) by the caller.
    package init(client: HTTPClient, maxBodyBytes: Int = 8 << 20) {
        self.client = client
        self.maxBodyBytes = maxBodyBytes
    }

    package func get(_ url: String, headers: [(String, String)], timeout: Duration) async throws -> UpstreamResponse {
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        do {
            // AHC's own logging could print the URL, which carries the API key: keep it quiet.
            let response = try await client.execute(request, timeout: .init(timeout), logger: Self.quietLogger)
            let body = try await response.body.collect(upTo: maxBodyBytes)
            return Self.response(response, body: body)
        } catch let error as HTTPClientError {
            throw TransportFailure(reason: error.shortDescription)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw TransportFailure(reason: "\(type(of: error))")
        }
    }

    private static func response(_ response: HTTPClientResponse, body: ByteBuffer) -> UpstreamResponse {
        var responseHeaders: [String: String] = [:]
        for header in response.headers { responseHeaders[header.name.lowercased()] = header.value }
        return UpstreamResponse(status: Int(response.status.code), headers: responseHeaders, body: Array(buffer: body))
    }

    private static var quietLogger: Logger {
        var logger = Logger(label: "marquee.upstream.http")
        logger.logLevel = .critical
        return logger
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
