import Foundation

extension String {
    /// The text percent-encoded for use as one query or form value: everything but RFC 3986's unreserved ASCII
    /// characters is escaped (`&`, `=`, `#`, `/`, spaces, and every non-ASCII letter as its UTF-8 bytes).
    package var queryValueEncoded: String {
        addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? ""
    }

    /// Nil for the empty string: for optional text where "" means nothing was given.
    package var nonEmpty: String? { isEmpty ? nil : self }

    /// `CharacterSet.alphanumerics` would let non-ASCII letters through unescaped, so the set is spelled out.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
