import Foundation
import Hummingbird
import MarqueeCore
import MarqueeWire
import NIOCore

/// Building JSON responses in the wire format (snake_case keys).
enum JSONResponse {
    static func body<T: Encodable>(_ value: T) throws -> ByteBuffer {
        ByteBuffer(bytes: try WireJSON.makeEncoder().encode(value))
    }

    static func make(_ buffer: ByteBuffer, status: HTTPResponse.Status = .ok, cacheControl: String? = nil) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let cacheControl { headers[.cacheControl] = cacheControl }
        return Response(status: status, headers: headers, body: .init(byteBuffer: buffer))
    }

    static func make<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) throws -> Response {
        make(try body(value), status: status)
    }
}
