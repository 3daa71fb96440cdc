import Synchronization

/// The URL people reach the server at, without a trailing slash, for absolute links and image URLs. Settable once
/// the server knows the port it is bound to (port 0 picks one at start).
package final class PublicBaseURL: Sendable {
    private let storage: Mutex<String>

    /// Creates a base URL; a trailing slash is dropped.
    package init(_ url: String) {
        storage = Mutex(Self.trimmed(url))
    }

    /// The current value.
    package var value: String { storage.withLock { $0 } }

    /// Replaces the value.
    package func set(_ url: String) {
        storage.withLock { $0 = Self.trimmed(url) }
    }

    private static func trimmed(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }
}
