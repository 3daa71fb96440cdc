/// The one error type Marquee's modules throw across their boundaries.
///
/// The message is written for the person using the app: friendly, specific, and never containing secrets or
/// internal details. Library errors are mapped to a `DomainError` where they leave a module.
public struct DomainError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stable code clients branch on.
    public let code: ErrorCode
    /// A human-readable explanation.
    public let message: String
    /// For throttling errors: how many seconds until trying again can succeed (sent as `Retry-After`).
    public let retryAfterSeconds: Int?

    /// Creates an error with a code and a message for people.
    public init(_ code: ErrorCode, _ message: String, retryAfterSeconds: Int? = nil) {
        self.code = code
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
