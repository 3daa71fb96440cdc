import Foundation
import MarqueeCore
import NIOCore

/// The one error body: `{"error":{"code":…,"message":…,"requestId":…}}`, spelled exactly as the error contract
/// states (so it is encoded without the snake_case key strategy).
struct ErrorBody: Encodable {
    struct Detail: Encodable {
        let code: String
        let message: String
        let requestId: String
    }

    let error: Detail

    init(_ error: DomainError, requestID: String) {
        self.error = Detail(code: error.code.rawValue, message: error.message, requestId: requestID)
    }

    func buffer() -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        let data = (try? encoder.encode(self)) ?? Data(#"{"error":{"code":"internal"}}"#.utf8)
        return ByteBuffer(bytes: data)
    }
}
