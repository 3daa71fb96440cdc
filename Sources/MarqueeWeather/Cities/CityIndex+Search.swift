extension CityIndex {
    /// How well a city's names match what was typed, best first.
    enum MatchQuality: Int, Comparable {
        /// A name is what was typed (`paris`).
        case exact
        /// A name starts with it (`amst` → Amsterdam).
        case prefix
        /// A name starts with it once one letter is mended: wrong, missing, extra or two swapped (`lodnon`).
        case typo

        static func < (left: Self, right: Self) -> Bool { left.rawValue < right.rawValue }
    }

    /// The typo tier starts at this many letters: below it, one edit away is too much of the word.
    static let lettersBeforeTypos = 4

    /// Up to `limit` cities whose name or alternate name starts with `query`, ignoring case, accents and
    /// punctuation (`CityFolding`); with four letters or more, with one typo (for text in the Latin alphabet; other
    /// scripts tolerate a letter too many or two swapped). Exact names first, then prefixes, then
    /// typos; the most populous first within each.
    package func search(_ query: String, limit: Int) -> [CityRecord] {
        let folded = Array(CityFolding.fold(query).unicodeScalars)
        guard !folded.isEmpty, limit > 0 else { return [] }
        var best = BestCities(limit: limit)
        let key = Self.utf8(folded)
        for index in keys.range(startingWith: key) {
            best.offer(keys.entries[index].city, keys.equals(index, key) ? .exact : .prefix)
        }
        if !best.isFull, folded.count >= Self.lettersBeforeTypos {
            offerTypos(folded, key, to: &best)
        }
        return best.ranked.map { cities[Int($0)] }
    }

    /// Offers the cities one edit from a prefix of `key` (the query's UTF-8). An edit in the first three letters is
    /// looked up as each text it could have been; from the fourth letter on, the keys that start with the first
    /// three are checked one by one, which is fewer lookups than every variant of a long query.
    private func offerTypos(_ folded: [Unicode.Scalar], _ key: [UInt8], to best: inout BestCities) {
        guard folded.allSatisfy(\.isASCII) else {
            for variant in Self.oneEditAway(folded, within: folded.indices, letters: []) {
                for index in keys.range(startingWith: Self.utf8(variant)) {
                    best.offer(keys.entries[index].city, .typo)
                }
            }
            return
        }
        for variant in Self.oneEditAway(folded, within: 0..<3, letters: Self.alphabet) {
            for index in keys.range(startingWith: Self.utf8(variant)) { best.offer(keys.entries[index].city, .typo) }
        }
        for index in keys.range(startingWith: Array(key.prefix(3))) where keys.isOneEditFromPrefix(index, key) {
            best.offer(keys.entries[index].city, .typo)
        }
    }

    /// Every text one edit from `text` at a position in `positions`: a letter removed, two neighbours swapped (the
    /// one at the position and the next), a letter of `letters` put in its place or before it.
    static func oneEditAway(
        _ text: [Unicode.Scalar], within positions: Range<Int>, letters: [Unicode.Scalar]
    ) -> [[Unicode.Scalar]] {
        var variants: [[Unicode.Scalar]] = []
        for index in positions where index < text.count {
            var removed = text
            removed.remove(at: index)
            variants.append(removed)
            if index + 1 < text.count, text[index] != text[index + 1] {
                var swapped = text
                swapped.swapAt(index, index + 1)
                variants.append(swapped)
            }
            for letter in letters {
                if letter != text[index] {
                    var replaced = text
                    replaced[index] = letter
                    variants.append(replaced)
                }
                var added = text
                added.insert(letter, at: index)
                variants.append(added)
            }
        }
        return variants
    }

    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz ".unicodeScalars)

    private static func utf8(_ scalars: [Unicode.Scalar]) -> [UInt8] {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return Array(String(view).utf8)
    }
}

/// The best `limit` cities offered, each once, by match quality and then population (a city's position).
private struct BestCities {
    let limit: Int
    private var kept: [(quality: CityIndex.MatchQuality, city: UInt32)] = []

    init(limit: Int) {
        self.limit = limit
        kept.reserveCapacity(limit + 1)
    }

    var isFull: Bool { kept.count >= limit }

    /// The cities kept, best first.
    var ranked: [UInt32] { kept.map(\.city) }

    mutating func offer(_ city: UInt32, _ quality: CityIndex.MatchQuality) {
        // Most offers lose to the worst kept: decided without a search.
        if isFull, let worst = kept.last, !Self.isBetter((quality, city), than: worst) { return }
        if let existing = kept.firstIndex(where: { $0.city == city }) {
            guard quality < kept[existing].quality else { return }
            kept.remove(at: existing)
        }
        let position = kept.firstIndex { Self.isBetter((quality, city), than: $0) } ?? kept.count
        kept.insert((quality, city), at: position)
        if kept.count > limit { kept.removeLast() }
    }

    private static func isBetter(
        _ candidate: (quality: CityIndex.MatchQuality, city: UInt32),
        than other: (quality: CityIndex.MatchQuality, city: UInt32)
    ) -> Bool {
        candidate.quality != other.quality ? candidate.quality < other.quality : candidate.city < other.city
    }
}
