import Foundation

/// Drops whole-line comments from the scripts and stylesheet as they are served: they explain the files to people
/// reading them here, and are about a fifth of what a browser would otherwise download (the home page must stay
/// under 60 KiB). Only lines that are nothing but a comment go (`// …`, and `/* … */` or `/** … */` blocks that
/// start a line); a comment after code stays, so no code can be cut by mistake.
enum CommentStripping {
    /// `text` without its comment lines; `lineComments` is whether `//` starts a comment (scripts, not CSS).
    static func stripped(_ text: String, lineComments: Bool) -> String {
        var kept: [Substring] = []
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if inBlock {
                if let end = trimmed.range(of: "*/") {
                    inBlock = false
                    // Code after the block's end on the same line is kept.
                    let rest = trimmed[end.upperBound...].drop { $0 == " " || $0 == "\t" }
                    if !rest.isEmpty { kept.append(line) }
                }
                continue
            }
            if lineComments, trimmed.hasPrefix("//") { continue }
            if trimmed.hasPrefix("/*") {
                guard let end = trimmed.range(of: "*/") else {
                    inBlock = true
                    continue
                }
                if trimmed[end.upperBound...].allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }
}
