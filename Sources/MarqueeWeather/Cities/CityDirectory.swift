import Dispatch
package import MarqueeWire
import Synchronization

/// The embedded city index, read once: on first use, or at start-up when the server awaits `index()` before it
/// listens. (Reading it takes about a second in a debug build, so tests share one directory.)
package final class CityDirectory: Sendable {
    private let loading = Mutex<Task<CityIndex, any Error>?>(nil)

    /// A directory that has not read the index yet.
    package init() {}

    /// The index, read on the first call.
    package func index() async throws -> CityIndex {
        let task = loading.withLock { task in
            if let task { return task }
            let reading = Task { try await Self.read() }
            task = reading
            return reading
        }
        return try await task.value
    }
}

extension CityDirectory {
    /// Reads the index on a thread of its own: it is a second or so of work that waits for nothing, which would
    /// otherwise hold one of the few threads every task of the server shares.
    private static func read() async throws -> CityIndex {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try CityIndex.embedded() })
            }
        }
    }
}

extension CityIndex {
    /// `record` as the API shows it.
    package func city(_ record: CityRecord) -> City {
        City(
            id: record.id, name: record.name, countryCode: record.countryCode,
            country: countryName(record.countryCode), region: regionName(of: record),
            regionCode: record.regionCode.isEmpty ? nil : record.regionCode, latitude: record.latitude,
            longitude: record.longitude, population: record.population, timezone: record.timezone)
    }
}
