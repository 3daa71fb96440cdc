import MarqueeCore

/// Ids for catalog entries that have no TMDB id: stable across restarts and imports, and in a range TMDB does
/// not use (1,000,000,000 and up), so they never collide with real ids.
enum LocalID {
    static let base = 1_000_000_000

    /// A stable id for `key`, avoiding every id in `taken` by probing forward.
    static func make(for key: String, avoiding taken: Set<Int>) -> Int {
        var id = base + Int(FNV1a.hash(key) % 900_000_000)
        while taken.contains(id) { id += 1 }
        return id
    }
}
