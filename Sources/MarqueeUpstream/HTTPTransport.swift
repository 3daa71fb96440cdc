/// A response from an upstream API.
package struct UpstreamResponse: Sendable {
    /// HTTP status code.
    package var status: Int
    /// Response headers, names lower-cased.
    package var headers: [String: String]
    /// The body.
    package var body: [UInt8]

    /// Creates a response.
    package init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends one GET request. The one seam between Marquee's upstream logic and the network.
package protocol HTTPTransport: Sendable {
    /// Fetches `url` with `headers`, failing after `timeout`.
    func get(_ url: String, headers: [(String, String)], timeout: Duration) async throws -> UpstreamResponse
}

/// Why a transport could not fetch: a short reason that is safe to log (never the URL, which may carry a key).
package struct TransportFailure: Error, CustomStringConvertible {
    /// A bounded description, such as "Read timeout" or "Remote connection closed".
    package let reason: String

    /// Creates a failure with `reason`.
    package init(reason: String) { self.reason = reason }

    package var description: String { reason }
}
