import MarqueeCore

/// Who is asking, for throttling and "signed in on" descriptions.
package struct ClientInfo: Sendable {
    /// The client's IP address (or "unknown").
    package var address: String
    /// The key per-address throttles count under: the address, or for IPv6 its /64 (see `ClientNetwork`).
    package var network: String { ClientNetwork.key(for: address) }
    /// A short description such as the User-Agent.
    package var description: String?

    /// Creates client info.
    package init(address: String, description: String? = nil) {
        self.address = address
        self.description = description
    }
}
