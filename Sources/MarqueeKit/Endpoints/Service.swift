public import Foundation

extension MarqueeClient {
    /// The OpenAPI document of `/api/v1`, as the server describes itself (JSON).
    public func openAPIDocument() async throws -> Data {
        try await send(APIRequest("GET", ["openapi.json"])).data
    }
}
