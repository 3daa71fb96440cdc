/// Whole numbers as the API takes them: ASCII digits only, so `+1`, `-0`, ` 1` and `1e3` are not numbers.
package enum WholeNumber {
    /// Whether `text` is one or more ASCII digits.
    package static func isDigits(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The value `text` spells, or nil when it is not only digits or does not fit `T`.
    package static func parse<T: FixedWidthInteger>(_ text: some StringProtocol, as type: T.Type = Int.self) -> T? {
        isDigits(text) ? T(text) : nil
    }
}
