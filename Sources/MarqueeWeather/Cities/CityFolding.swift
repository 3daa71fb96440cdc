import Foundation

/// Text as city search compares it: compatibility-decomposed, lowercased, without accents, with a few letters that
/// have no decomposition spelled out (ß → ss, ø → o, ł → l), apostrophes and dots dropped, hyphens and commas as
/// spaces, and runs of spaces as one. "São Paulo", "SAO-PAULO" and "sao paulo" are all `sao paulo`.
/// `scripts/derive-cities.py` folds the embedded index the same way.
package enum CityFolding {
    /// The folded form of `text`.
    package static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.decomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark || dropped.contains(scalar) { continue }
            if spaces.contains(scalar) || scalar.properties.isWhitespace {
                pendingSpace = !folded.isEmpty
                continue
            }
            if pendingSpace {
                folded.append(" ")
                pendingSpace = false
            }
            if let spelled = special[scalar] {
                folded.append(contentsOf: spelled.unicodeScalars)
            } else {
                folded.append(scalar)
            }
        }
        return String(folded)
    }

    private static let dropped: Set<Unicode.Scalar> = ["'", "\u{2019}", "."]
    private static let spaces: Set<Unicode.Scalar> = ["-", "\u{2010}", ",", "|"]
    private static let special: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ŀ": "l",
    ]
}
