import Logging
import MarqueeAccounts
import ServiceLifecycle

/// Removes guests (and never-verified accounts) idle for 30 days, with their data, and sessions and links that
/// ended long ago: at start, then hourly.
struct AbandonedAccountPurgeService: Service {
    let accounts: AccountService
    let logger: Logger
    var interval: Duration = .seconds(3_600)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let removed = try await accounts.purgeAbandonedAccounts()
                    if removed > 0 { logger.info("Removed idle guest accounts", metadata: ["count": "\(removed)"]) }
                    let pruned = try await accounts.pruneEnded()
                    if pruned != (0, 0) {
                        logger.info(
                            "Removed ended sessions and expired links",
                            metadata: ["sessions": "\(pruned.sessions)", "links": "\(pruned.links)"])
                    }
                } catch {
                    logger.warning("Could not remove idle guest accounts", metadata: ["error": "\(error)"])
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
