import Foundation

/// A user's id: a random UUID, stable for the life of the account (guests keep it when they upgrade).
package struct UserID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The id as stored and sent, lower-case UUID text.
    package let rawValue: String

    /// A new random id.
    package init() {
        rawValue = UUID().uuidString.lowercased()
    }

    /// An id read back from storage or a token; nil unless it is a UUID.
    package init?(_ text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        rawValue = uuid.uuidString.lowercased()
    }

    /// The short form people see ("Your id: 3f2a9c1e").
    package var short: String { String(rawValue.prefix(8)) }

    package var description: String { rawValue }
}
