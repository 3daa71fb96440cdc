/// Ticketmaster's event ids (`G5vYZ9Kfw4yAu`, `vvG1IZ9KBk8oZ5`, `Z7r9jZ1Ad8e7P`): letters, digits, `-` and `_`.
enum TicketmasterID {
    /// The longest id asked for.
    static let maxLength = 64

    /// Whether `text` could be a Ticketmaster id: 1–64 ASCII letters, digits, `-` or `_`. Anything else is not
    /// sent upstream at all, and is safe in a URL path as it is.
    static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= maxLength
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }
    }
}
