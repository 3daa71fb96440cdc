package import MarqueeWire
import Synchronization

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
        let found = await Self.first(within: deadline) { try? await geocoder.search(text, limit: limit) } ?? []
        var seen = Set(embedded.map(\.id))
        let more = found.filter { seen.insert($0.id).inserted }
        return Array((embedded + more).prefix(limit))
    }

    /// What `work` gives if it ends within `deadline`, else nil. Past the deadline `work` is left to finish on its
    /// own (an upstream answer still lands in the cache, for the next keystroke); waiting for it to notice a
    /// cancellation could take as long as the upstream's own timeout.
    static func first<T: Sendable>(within deadline: Duration, _ work: @escaping @Sendable () async -> T?) async -> T? {
        let answer = OneAnswer<T?>()
        return await withCheckedContinuation { continuation in
            answer.wait(with: continuation)
            Task { answer.give(await work()) }
            Task {
                try? await Task.sleep(for: deadline)
                answer.give(nil)
            }
        }
    }
}

/// A continuation resumed by the first of several that answer; later answers are dropped.
private final class OneAnswer<T: Sendable>: Sendable {
    private let waiting = Mutex<CheckedContinuation<T, Never>?>(nil)

    func wait(with continuation: CheckedContinuation<T, Never>) {
        waiting.withLock { $0 = continuation }
    }

    func give(_ value: T) {
        waiting.withLock { $0.take() }?.resume(returning: value)
    }
}
