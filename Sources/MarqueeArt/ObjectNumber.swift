package import MarqueeCore

/// A museum object number as the API accepts it (`SK-C-5`, `RP-T-1930-54(V)`): 1 to 64 ASCII letters, digits, `-`,
/// `.`, `(` or `)`, at least one of them a letter or a digit.
package struct ObjectNumber: Hashable, Sendable, CustomStringConvertible {
    /// The longest object number accepted.
    package static let maxLength = 64

    /// The number as given.
    package let value: String

    /// Checks `text`; `art.bad_id` when it cannot be an object number.
    package init(_ text: String) throws(DomainError) {
        var hasLetterOrDigit = false
        let allowed = text.utf8.allSatisfy { byte in
            let isLetterOrDigit =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            hasLetterOrDigit = hasLetterOrDigit || isLetterOrDigit
            return isLetterOrDigit || byte == 0x2D || byte == 0x2E || byte == 0x28 || byte == 0x29
        }
        guard allowed, hasLetterOrDigit, text.utf8.count <= Self.maxLength else {
            throw DomainError(
                .badArtworkID,
                "'\(text.prefix(40))' is not an object number: use 1 to \(Self.maxLength) letters, digits, '-', '.', "
                    + "'(' or ')', such as SK-C-5.")
        }
        value = text
    }

    package var description: String { value }

    /// The work's page on the museum's website.
    package var webURL: String { Self.webURL(value) }

    /// The page on the museum's website of the work numbered `number`.
    package static func webURL(_ number: String) -> String {
        "https://www.rijksmuseum.nl/en/collection/\(number)"
    }
}
