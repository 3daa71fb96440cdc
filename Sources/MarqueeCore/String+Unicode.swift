extension String {
    /// The first `count` Unicode code points, the unit every length in the API is counted in (`prefix(_:)` counts
    /// characters as displayed, and one letter may carry any number of accents).
    package func prefix(codePoints count: Int) -> String {
        String(String.UnicodeScalarView(unicodeScalars.prefix(count)))
    }
}

extension Unicode.Scalar {
    /// Whether this is a control character (general category Cc: NUL, line breaks, tabs, escape, …), which the
    /// API's text fields refuse, each with its own exceptions.
    package var isControl: Bool { properties.generalCategory == .control }
}
