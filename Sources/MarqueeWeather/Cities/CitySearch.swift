import MarqueeCore
package import MarqueeWire

/// City search as the API answers it: the embedded index first; when it finds fewer than asked for, the places the
/// geocoding upstream knows (smaller places, other languages) behind them, without repeats. The upstream has
/// `deadline` to answer; past it, or when it fails, the index's results come back alone.
package struct CitySearch: Sendable {
    private let directory: CityDirectory
    private let geocoder: OpenMeteoGeocoder?
    private let deadline: Duration

    /// Searches `directory`, and `geocoder` (nil: the index only) for at most `deadline`.
    package init(directory: CityDirectory, geocoder: OpenMeteoGeocoder?, deadline: Duration = .milliseconds(800)) {
        self.directory = directory
        self.geocoder = geocoder
        self.deadline = deadline
    }

    /// Up to `limit` cities for what was typed.
    package func search(_ text: String, limit: Int) async throws -> [City] {
        let index = try await directory.index()
        let embedded = index.search(text, limit: limit).map(index.city)
        // Three letters at least: fewer would ask the upstream for nearly every place on earth.
        guard embedded.count < limit, let geocoder, CityFolding.fold(text).count >= 3 else { return embedded }
        let found = await Deadline.first(within: deadline) { try? await geocoder.search(text, limit: limit) } ?? []
        var seen = Set(embedded.map(\.id))
        let more = found.filter { seen.insert($0.id).inserted }
        return Array((embedded + more).prefix(limit))
    }
}
