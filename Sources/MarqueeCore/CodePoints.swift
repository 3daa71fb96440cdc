extension String {
    /// The first `count` Unicode code points, the unit every length in the API is counted in (`prefix(_:)` counts
    /// characters as displayed, and one letter may carry any number of accents).
    public func prefix(codePoints count: Int) -> String {
        String(String.UnicodeScalarView(unicodeScalars.prefix(count)))
    }
}
