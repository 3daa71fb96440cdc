/// A dating text the museum wrote in Dutch, put into English word by word ("ca. 1630" reads "c. 1630",
/// "in of na 1677" "in or after 1677"); `scripts/derive-art-sample.py` does the same for the embedded sample.
enum DatingText {
    private static let phrases: [([Substring], String)] = [
        (["in", "of", "na"], "in or after"), (["in", "of", "voor"], "in or before"), (["ca."], "c."),
        (["na"], "after"), (["voor"], "before"),
    ]

    static func english(_ text: String) -> String {
        let words = text.split(separator: " ")
        var out: [String] = []
        var index = 0
        while index < words.count {
            if let (dutch, english) = phrases.first(where: { words[index...].starts(with: $0.0) }) {
                out.append(english)
                index += dutch.count
            } else {
                out.append(String(words[index]))
                index += 1
            }
        }
        return out.joined(separator: " ")
    }
}
