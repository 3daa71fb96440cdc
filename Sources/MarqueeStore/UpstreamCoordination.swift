package import Foundation

/// How the instances that share a database share an upstream: one fetch per resource at a time across all of
/// them, and one outbound rate limit for all of them together.
package protocol UpstreamCoordination: Sendable {
    /// Whether other instances take part (false: claims always succeed, so there is nothing to wait for).
    var isShared: Bool { get }
    /// Claims fetching `key` for `lease`; false while another instance holds an unexpired claim on it.
    func claim(_ key: String, for lease: TimeInterval, at date: Date) async throws -> Bool
    /// Gives up this instance's claim on `key`.
    func release(_ key: String) async throws
    /// Takes one of the `perSecond` requests `upstream` may receive in the second `date` falls in; false when
    /// they are all taken.
    func takeSlot(upstream: String, perSecond: Int, at date: Date) async throws -> Bool
}

/// One instance alone: it coordinates with itself in memory (the fetcher's own coalescing and rate limiter).
package struct LocalUpstreamCoordination: UpstreamCoordination {
    /// Creates the no-op coordination.
    package init() {}

    package var isShared: Bool { false }

    package func claim(_ key: String, for lease: TimeInterval, at date: Date) async throws -> Bool { true }
    package func release(_ key: String) async throws {}
    package func takeSlot(upstream: String, perSecond: Int, at date: Date) async throws -> Bool { true }
}
