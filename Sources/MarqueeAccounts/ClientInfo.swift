import MarqueeCore

/// Who is asking, for throttling and "signed in on" descriptions.
public struct ClientInfo: Sendable {
    /// The client's IP address (or "unknown").
    public var address: String
    /// The key per-address throttles count under: the address, or for IPv6 its /64 (see `ClientNetwork`).
    public var network: String { ClientNetwork.key(for: address) }
    /// A short description such as the User-Agent.
    public var description: String?

    /// Creates client info.
    public init(address: String, description: String? = nil) {
        self.address = address
        self.description = description
    }
}
