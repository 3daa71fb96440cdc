/// The one error type Marquee's modules throw across their boundaries.
///
/// The message is written for the person using the app: friendly, specific, and never containing secrets or
/// internal details. Library errors are mapped to a `DomainError` where they leave a module.
package struct DomainError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stable code clients branch on.
    package let code: ErrorCode
    /// A human-readable explanation.
    package let message: String
    /// For throttling errors: how many seconds until trying again can succeed (sent as `Retry-After`).
    package let retryAfterSeconds: Int?

    /// Creates an error with a code and a message for people.
    package init(_ code: ErrorCode, _ message: String, retryAfterSeconds: Int? = nil) {
        self.code = code
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
    }

    package var description: String { "\(code.rawValue): \(message)" }
}
