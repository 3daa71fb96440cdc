import Foundation

/// A prefix-token index over short names (titles, people's names).
///
/// Every query token must match a token of the name; the last one may be a prefix, so results appear while the
/// person types. Matches are ranked exact name first, then names starting with the query, then the rest.
struct TextSearchIndex: Sendable {
    /// How well a document matched.
    enum Rank: Int, Comparable {
        case exact = 0
        case prefix = 1
        case contains = 2
        static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private let normalizedNames: [String]
    private let tokens: [String]
    private let postings: [[Int32]]

    init(names: [String]) {
        normalizedNames = names.map(Self.normalize)
        var byToken: [String: [Int32]] = [:]
        for (doc, name) in normalizedNames.enumerated() {
            for token in Set(name.split(separator: " ")) { byToken[String(token), default: []].append(Int32(doc)) }
        }
        tokens = byToken.keys.sorted()
        postings = tokens.map { byToken[$0]! }
    }

    /// Documents matching `query`, with how well each matched (unordered).
    func search(_ query: String) -> [(doc: Int, rank: Rank)] {
        let normalized = Self.normalize(query)
        let queryTokens = normalized.split(separator: " ").map(String.init)
        guard let last = queryTokens.last else { return [] }
        var candidates: Set<Int32>?
        for token in queryTokens.dropLast() {
            let exact = exactPostings(token)
            candidates = candidates.map { $0.intersection(exact) } ?? Set(exact)
            if candidates?.isEmpty == true { return [] }
        }
        let prefixed = prefixPostings(last)
        let docs = candidates.map { $0.intersection(prefixed) } ?? prefixed
        return docs.map { doc in
            let name = normalizedNames[Int(doc)]
            let rank: Rank = name == normalized ? .exact : name.hasPrefix(normalized) ? .prefix : .contains
            return (Int(doc), rank)
        }
    }

    private func exactPostings(_ token: String) -> [Int32] {
        let index = lowerBound(token)
        return index < tokens.count && tokens[index] == token ? postings[index] : []
    }

    private func prefixPostings(_ prefix: String) -> Set<Int32> {
        var result = Set<Int32>()
        var index = lowerBound(prefix)
        while index < tokens.count, tokens[index].hasPrefix(prefix) {
            result.formUnion(postings[index])
            index += 1
        }
        return result
    }

    private func lowerBound(_ token: String) -> Int {
        var low = 0
        var high = tokens.count
        while low < high {
            let mid = (low + high) / 2
            if tokens[mid] < token { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Lower-cased, accents folded, punctuation turned into single spaces: "Amélie (2001)!" → "amelie 2001".
    static func normalize(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var result = ""
        result.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                if pendingSpace, !result.isEmpty { result.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            } else if scalar != "'" && scalar != "’" {
                pendingSpace = true
            }
        }
        return result
    }
}
