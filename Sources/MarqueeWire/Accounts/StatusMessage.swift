/// The answer of an action that has no body of its own: a stable `status` (`reset_sent`, `signed_out`, …) and a
/// sentence for people.
public struct StatusMessage: Codable, Sendable, Equatable {
    public var status: String
    public var message: String

    /// Creates a status answer.
    public init(status: String, message: String) {
        self.status = status
        self.message = message
    }
}
