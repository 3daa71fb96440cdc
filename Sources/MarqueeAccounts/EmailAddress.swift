package import MarqueeCore

/// A validated email address: trimmed, lower-cased, one `@`, a plausible local part and domain.
///
/// Deliberately stricter than RFC 5322 (no quoted local parts, no IP-literal domains, ASCII only): these are the
/// addresses people type into sign-up forms, and a mail we can't deliver is a person who can't verify.
package struct EmailAddress: Hashable, Sendable, CustomStringConvertible {
    /// The normalised address.
    package let value: String

    /// Normalises and validates `text`, throwing `auth.invalid_email` with a reason people understand.
    package init(_ text: String) throws(DomainError) {
        let normalised = text.trimmingWhitespace().lowercased()
        guard normalised.count <= 254 else {
            throw Self.invalid("An email address can be at most 254 characters long.")
        }
        let parts = normalised.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw Self.invalid("Enter an email address like name@example.com.")
        }
        let local = parts[0]
        let domain = parts[1]
        let localCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789.!#$%&'*+/=?^_`{|}~-")
        guard local.count <= 64, local.allSatisfy(localCharacters.contains), !local.hasPrefix("."),
            !local.hasSuffix("."), !local.contains("..")
        else { throw Self.invalid("The part before the @ contains characters an address can't have.") }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        let labelCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        guard labels.count >= 2,
            labels.allSatisfy({ label in
                (1...63).contains(label.count) && label.allSatisfy(labelCharacters.contains) && !label.hasPrefix("-")
                    && !label.hasSuffix("-")
            }),
            let top = labels.last, top.count >= 2, top.contains(where: \.isLetter)
        else { throw Self.invalid("The part after the @ isn't a valid domain, like example.com.") }
        value = normalised
    }

    package var description: String { value }

    private static func invalid(_ message: String) -> DomainError {
        DomainError(.invalidEmail, message)
    }
}

extension String {
    /// Without leading and trailing white space (spaces, tabs, new lines), without Foundation.
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
