import Foundation

/// A user's id: a random UUID, stable for the life of the account (guests keep it when they upgrade).
public struct UserID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The id as stored and sent, lower-case UUID text.
    public let rawValue: String

    /// A new random id.
    public init() {
        rawValue = UUID().uuidString.lowercased()
    }

    /// An id read back from storage or a token; nil unless it is a UUID.
    public init?(_ text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        rawValue = uuid.uuidString.lowercased()
    }

    /// The short form people see ("Your id: 3f2a9c1e").
    public var short: String { String(rawValue.prefix(8)) }

    public var description: String { rawValue }
}
