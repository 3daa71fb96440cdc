import Foundation
package import MarqueeUpstream

/// Limits and intervals the code chooses rather than the operator (nothing reads them from configuration), kept
/// with the settings so that every number that shapes the server has one home; tests shorten them.
package struct ServerTuning: Sendable {
    /// Retry, timeout, cache and share tuning for upstream calls; the rate limit comes from `tmdbRateLimit`.
    package var upstreamPolicy = UpstreamFetcher.Policy()
    /// The same for the weather provider: Open-Meteo's free service takes 600 calls a minute; Marquee keeps to
    /// half of that.
    package var weatherPolicy = ServerTuning.defaultWeatherPolicy
    private static let defaultWeatherPolicy: UpstreamFetcher.Policy = {
        var policy = UpstreamFetcher.Policy()
        policy.requestsPerSecond = 5
        policy.defaultMaxAge = 3_600
        // A forecast answers in well under a second; when Open-Meteo cannot be reached, the last forecast (or an
        // honest 503) should come back within seconds, not after three ten-second tries.
        policy.timeout = .seconds(4)
        policy.maxAttempts = 2
        return policy
    }()
    /// OpenWeatherMap's: the weather policy within its free plan's 60 calls a minute (a forecast takes two).
    package var openWeatherMapPolicy: UpstreamFetcher.Policy = {
        var policy = ServerTuning.defaultWeatherPolicy
        policy.requestsPerSecond = 1
        return policy
    }()
    /// The Rijksmuseum's keyless services publish no limit; Marquee keeps to twenty calls a second (a page of
    /// works not seen before takes about sixty), and gives up quickly so that the embedded sample answers instead.
    package var rijksmuseumPolicy: UpstreamFetcher.Policy = {
        var policy = UpstreamFetcher.Policy()
        policy.requestsPerSecond = 20
        policy.timeout = .seconds(4)
        policy.maxAttempts = 2
        policy.defaultMaxAge = 30 * 86_400
        return policy
    }()
    /// Ticketmaster's timeouts and retries; its own limits (5 calls a second, 5,000 a day per key) are applied by
    /// `TicketmasterProvider.policy`.
    package var ticketmasterPolicy: UpstreamFetcher.Policy = {
        var policy = UpstreamFetcher.Policy()
        policy.timeout = .seconds(5)
        policy.maxAttempts = 2
        return policy
    }()
    /// How long an art search waits for the museum before the embedded sample answers instead: a page of works
    /// not seen before takes some sixty calls, three seconds at the museum's rate limit.
    package var artLiveDeadline: Duration = .seconds(8)
    /// How long city search waits for the geocoding upstream before answering with the index's results alone.
    package var geocodingDeadline: Duration = .milliseconds(800)
    /// How often idle guests, ended sessions and old links are looked for.
    package var abandonedAccountPurgeInterval: Duration = .seconds(3600)
    /// How often the upstream cache is kept within its bounds.
    package var upstreamCachePurgeInterval: Duration = .seconds(60)
    /// How often live streams get a heartbeat.
    package var streamHeartbeat: Duration = .seconds(15)
    /// How many recent changes each person's log keeps for resuming.
    package var changeLogLength = 1_000
    /// How many bytes of frames a live stream may fall behind a socket that takes no more before it is closed.
    package var streamBacklogLimit = 512 * 1_024
    /// How long an answer of `auth.too_many_attempts` is held back (`ErrorMiddleware`).
    package var refusalDelay: Duration = .seconds(1)
    /// How many pieces of exports and snapshots run at once (`WorkLane`): half of the cores, so that a few large
    /// exports leave the other half to everyone else.
    package var bulkWorkWidth = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)

    /// The defaults above.
    package init() {}
}
