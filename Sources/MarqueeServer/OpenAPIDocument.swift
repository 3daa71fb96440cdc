import Foundation
import MarqueeCore
import NIOCore

/// The OpenAPI 3.1 document describing the API (`Resources/openapi.json`), served as-is.
enum OpenAPIDocument {
    static func load() throws -> ByteBuffer {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json") else {
            throw DomainError(.internal, "The OpenAPI document is missing from the build.")
        }
        return ByteBuffer(bytes: try Data(contentsOf: url))
    }
}
