import Foundation
import Logging
import MarqueeStore
import ServiceLifecycle

/// Deletes cached upstream responses too old to ever be served again (TMDB's 6-month limit), at start and then
/// hourly, so the cache table does not grow without end.
struct UpstreamCachePurgeService: Service {
    let cache: any UpstreamCacheStore
    let maxAge: TimeInterval
    let logger: Logger
    let now: @Sendable () -> Date
    var interval: Duration = .seconds(3_600)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let removed = try await cache.removeResponses(fetchedBefore: now().addingTimeInterval(-maxAge))
                    if removed > 0 { logger.info("Purged expired upstream responses", metadata: ["count": "\(removed)"]) }
                } catch {
                    logger.warning("Could not purge the upstream cache", metadata: ["error": "\(error)"])
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
