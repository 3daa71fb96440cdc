import Foundation

extension LinkedArtNode {
    /// Whether one of the node's own classifications is AAT concept `number`.
    func isClassified(as number: String) -> Bool {
        classifiedAs.contains { AAT.matches($0.id, number) }
    }

    /// Whether `type` names `type` (`Name`, `VisualItem`, …).
    func isType(_ type: String) -> Bool {
        types.contains(type)
    }

    /// How well the node's language suits an English page: English first, then none given, then Dutch, then others.
    var languageRank: Int {
        if language.isEmpty { return 1 }
        if language.contains(where: { AAT.matches($0.id, AAT.english) }) { return 0 }
        if language.contains(where: { AAT.matches($0.id, AAT.dutch) }) { return 2 }
        return 3
    }

    /// Whether the node is said to be in English.
    var isEnglish: Bool { languageRank == 0 }

    /// The node's text, trimmed; nil when empty.
    var text: String? {
        let trimmed = content?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return trimmed.isEmpty ? nil : trimmed
    }

    /// What a referenced concept, place or person is called: its English notation, else its label, else its
    /// name, else any notation.
    var name: String? {
        let ranked = notation.sorted { Self.rank($0.language) < Self.rank($1.language) }
        if let english = ranked.first(where: { Self.rank($0.language) == 0 }) { return english.value }
        if let label = label?.trimmingCharacters(in: .whitespaces), !label.isEmpty { return label }
        if let named = identifiedBy.filter({ $0.isType("Name") }).best() { return named }
        return ranked.first?.value
    }

    /// The sort value the museum gives the node among its siblings (`identified_by` an `Identifier` classified as
    /// a sort value).
    var sortValue: Int? {
        identifiedBy.lazy.filter { $0.isType("Identifier") && $0.isClassified(as: AAT.sortValue) }
            .compactMap { $0.content.flatMap { Int($0) } }.first
    }

    /// The year of an ISO 8601 date (`1628-01-01T00:00:00Z` is 1628, `-0500-01-01` is -500).
    static func year(_ date: String?) -> Int? {
        guard let date else { return nil }
        let negative = date.hasPrefix("-")
        let digits = (negative ? date.dropFirst() : Substring(date)).prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let year = Int(digits) else { return nil }
        return negative ? -year : year
    }

    private static func rank(_ language: String?) -> Int {
        switch language?.lowercased() {
        case "en": 0
        case nil, "": 1
        case "nl": 2
        default: 3
        }
    }
}

extension [LinkedArtNode] {
    /// The text of the node in the best language for an English page (see `languageRank`), preferring nodes
    /// classified as `preferring` among those; nil when none has text.
    func best(preferring number: String? = nil) -> String? {
        let texts = filter { $0.text != nil }
        let chosen = texts.min { left, right in
            let leftKey = (left.languageRank, number.map { left.isClassified(as: $0) ? 0 : 1 } ?? 0)
            let rightKey = (right.languageRank, number.map { right.isClassified(as: $0) ? 0 : 1 } ?? 0)
            return leftKey < rightKey
        }
        return chosen?.text
    }

    /// The text of the first node classified as `number`.
    func first(classifiedAs number: String) -> String? {
        lazy.filter { $0.isClassified(as: number) }.compactMap(\.text).first
    }

    /// The text of the first English node classified as `number`; nil when there is none in English.
    func englishText(classifiedAs number: String) -> String? {
        lazy.filter { $0.isClassified(as: number) && $0.isEnglish }.compactMap(\.text).first
    }

    /// The texts of the nodes classified as `number`: those in English when there are any, else those in the best
    /// language there is.
    func statements(classifiedAs number: String) -> [String] {
        let matching = filter { $0.isClassified(as: number) && $0.text != nil }
        guard let bestRank = matching.map(\.languageRank).min() else { return [] }
        return matching.filter { $0.languageRank == bestRank }.compactMap(\.text)
    }
}
