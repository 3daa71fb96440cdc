/// Every error MarqueeKit throws. Server refusals keep the server's stable `area.reason` code; being offline and
/// being cancelled are cases of their own, so that an app never tells someone "network error" for a screen they
/// left. Descriptions never contain tokens.
public enum MarqueeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered with its error body: `code` (`auth.invalid_credentials`, `items.limit_reached`, …), its
    /// sentence for people, the HTTP status, the request id it logged, and `Retry-After` in seconds when it sent one.
    case server(code: String, message: String, status: Int, requestID: String?, retryAfter: Int?)
    /// The server could not be reached (no network, DNS, refused, timed out before any answer).
    case offline
    /// The task was cancelled. Never retried, never shown as a failure.
    case cancelled
    /// There is no session (signed out), or the server ended it: the app should show sign-in.
    case signedOut
    /// The stored session could not be read right now (a locked Keychain before the first unlock). Nothing was
    /// deleted; try again later.
    case storageUnavailable
    /// The server answered something MarqueeKit could not read (not JSON, another shape); `status` is its HTTP
    /// status.
    case unreadableResponse(status: Int)

    /// The server's code, when the server refused.
    public var code: String? {
        if case .server(let code, _, _, _, _) = self { return code }
        return nil
    }

    /// A sentence to show people: the server's own when it refused, else one of ours.
    public var message: String {
        switch self {
        case .server(_, let message, _, _, _): message
        case .offline: "You're offline, or the server can't be reached. Try again when you're back online."
        case .cancelled: "Cancelled."
        case .signedOut: "You're signed out. Sign in to carry on."
        case .storageUnavailable: "Your sign-in can't be read right now. Unlock the device and try again."
        case .unreadableResponse: "The server sent an answer that couldn't be read. Try again later."
        }
    }

    public var description: String {
        switch self {
        case .server(let code, let message, let status, let requestID, _):
            "\(code) (\(status)): \(message)" + (requestID.map { " [request \($0)]" } ?? "")
        case .offline: "The server cannot be reached."
        case .cancelled: "Cancelled."
        case .signedOut: "Not signed in."
        case .storageUnavailable: "The stored session cannot be read right now."
        case .unreadableResponse(let status): "The server's answer (\(status)) could not be read."
        }
    }
}
