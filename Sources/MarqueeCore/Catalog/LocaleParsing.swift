/// Validation of language (`en`, `en-US`) and region (`US`) codes, for requests, settings and profiles.
package enum LocaleParsing {
    /// `en` or `en-US` (case normalised), else nil.
    package static func language(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts[0].count == 2, parts[0].allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        if parts.count == 2 {
            guard parts[1].count == 2, parts[1].allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
            return parts[0].lowercased() + "-" + parts[1].uppercased()
        }
        return parts[0].lowercased()
    }

    /// `US` (any case), else nil.
    package static func region(_ text: String) -> String? {
        guard text.count == 2, text.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return text.uppercased()
    }
}
