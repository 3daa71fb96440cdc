/// A response from an upstream API.
public struct UpstreamResponse: Sendable {
    /// HTTP status code.
    public var status: Int
    /// Response headers, names lower-cased.
    public var headers: [String: String]
    /// The body.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends one GET request. The one seam between Marquee's upstream logic and the network.
public protocol HTTPTransport: Sendable {
    /// Fetches `url` with `headers`, failing after `timeout`.
    func get(_ url: String, headers: [(String, String)], timeout: Duration) async throws -> UpstreamResponse
}
