import Foundation
import Logging
import MarqueeStore
import ServiceLifecycle

/// Keeps the cache of upstream responses within bounds, at start and then every `interval`: deletes responses too
/// old to ever be served again (TMDB's 6-month limit), then the least recently used ones past `maxBytes`.
struct UpstreamCachePurgeService: Service {
    let cache: any UpstreamCacheStore
    let maxAge: TimeInterval
    let maxBytes: Int
    let logger: Logger
    let now: @Sendable () -> Date
    var interval: Duration = .seconds(60)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let removed = try await cache.removeResponses(fetchedBefore: now().addingTimeInterval(-maxAge))
                    if removed > 0 {
                        logger.info("Purged expired upstream responses", metadata: ["count": "\(removed)"])
                    }
                    let trimmed = try await cache.trim(toBytes: maxBytes)
                    if trimmed > 0 {
                        logger.info("Trimmed the upstream cache to its size", metadata: ["count": "\(trimmed)"])
                    }
                } catch {
                    logger.warning("Could not purge the upstream cache", metadata: ["error": "\(error)"])
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
