public import AsyncHTTPClient
public import Foundation
public import MarqueeKit
public import NIOCore
import NIOHTTP1

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A `MarqueeTransport` over AsyncHTTPClient, for server-side Swift: a service that talks to Marquee on behalf of
/// its users, on the event loops it already runs.
public struct AsyncHTTPClientTransport: MarqueeTransport {
    private let client: HTTPClient
    /// The longest whole answer read into memory by `send`.
    private let maxBodySize: Int
    private let timeout: TimeAmount
    /// The most body chunks a stream holds for a reader that does not keep up.
    static let streamChunkLimit = 1_024

    /// A transport over `client` (the caller owns it and shuts it down); `send` reads at most `maxBodySize` bytes
    /// and waits at most `timeout` for a whole answer.
    public init(client: HTTPClient, maxBodySize: Int = 16 << 20, timeout: TimeAmount = .seconds(30)) {
        self.client = client
        self.maxBodySize = maxBodySize
        self.timeout = timeout
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let response = try await execute(request, timeout: timeout)
        let body = try await response.body.collect(upTo: maxBodySize)
        return (Data(body.readableBytesView), try head(of: response, for: request))
    }

    public func stream(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        // A stream has no deadline: it lasts as long as the caller reads it.
        let response = try await execute(request, timeout: .hours(24 * 365))
        let head = try head(of: response, for: request)
        // As URLSessionTransport: a reader that falls this many chunks behind has its stream ended as a lost
        // connection would (it reconnects and resumes), rather than the chunks kept without end.
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: Data.self, bufferingPolicy: .bufferingOldest(Self.streamChunkLimit))
        let reader = Task {
            do {
                for try await chunk in response.body {
                    if case .dropped = continuation.yield(Data(chunk.readableBytesView)) {
                        continuation.finish(throwing: MarqueeError.offline)
                        return
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in reader.cancel() }
        return (head, stream)
    }

    private func execute(_ request: URLRequest, timeout: TimeAmount) async throws -> HTTPClientResponse {
        guard let url = request.url?.absoluteString else { throw MarqueeError.offline }
        var outgoing = HTTPClientRequest(url: url)
        outgoing.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        for (name, value) in request.allHTTPHeaderFields ?? [:] { outgoing.headers.add(name: name, value: value) }
        if let body = request.httpBody { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            return try await client.execute(outgoing, timeout: timeout)
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as HTTPClientError where error == .cancelled {
            throw CancellationError()
        } catch {
            throw MarqueeError.offline
        }
    }

    private func head(of response: HTTPClientResponse, for request: URLRequest) throws -> HTTPURLResponse {
        var fields: [String: String] = [:]
        for (name, value) in response.headers { fields[name] = fields[name].map { "\($0), \(value)" } ?? value }
        guard let url = request.url,
            let head = HTTPURLResponse(
                url: url, statusCode: Int(response.status.code), httpVersion: "HTTP/1.1", headerFields: fields)
        else { throw MarqueeError.unreadableResponse(status: Int(response.status.code)) }
        return head
    }
}
