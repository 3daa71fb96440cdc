import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Gzips the web app's pages for browsers that accept it. Only whole HTML bodies of a useful size are compressed
/// (pages mask their CSRF token afresh each time, so compression cannot leak it):
/// static files come compressed already (`WebResponses`), event streams must not be buffered, and the JSON API
/// stays as it is, so its clients and benchmarks pay no compression cost.
struct CompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Smaller bodies gain little and may grow.
    static var minimumSize: Int { 1024 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        guard response.headers[.contentType]?.hasPrefix("text/html") == true, response.headers[.contentEncoding] == nil
        else { return response }
        Gzip.addVary(&response.headers)
        guard Gzip.accepted(by: request), let length = response.body.contentLength,
            (Self.minimumSize...8 << 20).contains(length)
        else { return response }
        let collector = Collector()
        let body = response.body
        try await body.write(collector)
        guard let compressed = Gzip.compress(collector.storage.buffer) else { return response }
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = String(compressed.readableBytes)
        response.body = ResponseBody(byteBuffer: compressed)
        return response
    }

    /// Gathers a body written in pieces.
    private struct Collector: ResponseBodyWriter {
        final class Storage { var buffer = ByteBuffer() }
        let storage = Storage()

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            storage.buffer.writeBuffer(&buffer)
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}

/// gzip for HTTP bodies.
enum Gzip {
    /// Whether the request's `Accept-Encoding` takes gzip (and does not refuse it with `q=0`).
    static func accepted(by request: Request) -> Bool {
        guard let header = request.headers[.acceptEncoding] else { return false }
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = pieces.first, coding == "gzip" || coding == "*" else { continue }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0
        }
        return false
    }

    /// `bytes` gzipped, or nil when that does not make them at least a tenth smaller.
    static func compress(_ bytes: ByteBuffer) -> ByteBuffer? {
        var input = bytes
        guard let compressed = try? input.compress(with: .gzip()),
            compressed.readableBytes < bytes.readableBytes * 9 / 10
        else { return nil }
        return compressed
    }

    /// Marks a response as varying with `Accept-Encoding`, so caches keep each version apart.
    static func addVary(_ headers: inout HTTPFields) {
        if let vary = headers[.vary] {
            if !vary.lowercased().contains("accept-encoding") { headers[.vary] = vary + ", Accept-Encoding" }
        } else {
            headers[.vary] = "Accept-Encoding"
        }
    }
}
