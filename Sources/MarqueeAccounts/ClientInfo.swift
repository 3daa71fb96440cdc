/// Who is asking, for throttling and "signed in on" descriptions.
public struct ClientInfo: Sendable {
    /// The client's IP address (or "unknown").
    public var address: String
    /// A short description such as the User-Agent.
    public var description: String?

    /// Creates client info.
    public init(address: String, description: String? = nil) {
        self.address = address
        self.description = description
    }
}
