import Foundation
import MarqueeCore
import MarqueeWire
import NIOCore

extension APIError {
    /// The body that tells a client of `error`, under the id the request was logged with.
    init(_ error: DomainError, requestID: String) {
        self.init(code: error.code.rawValue, message: error.message, requestId: requestID)
    }

    /// The body as JSON, its keys as the contract spells them (not snake_case).
    func buffer() -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        let data = (try? encoder.encode(self)) ?? Data(#"{"error":{"code":"internal"}}"#.utf8)
        return ByteBuffer(bytes: data)
    }
}
