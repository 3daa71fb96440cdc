public import Foundation

/// How the instances that share a database share an upstream: one fetch per resource at a time across all of
/// them, and one outbound rate limit for all of them together.
public protocol UpstreamCoordination: Sendable {
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
public struct LocalUpstreamCoordination: UpstreamCoordination {
    /// Creates the no-op coordination.
    public init() {}

    public var isShared: Bool { false }

    public func claim(_ key: String, for lease: TimeInterval, at date: Date) async throws -> Bool { true }
    public func release(_ key: String) async throws {}
    public func takeSlot(upstream: String, perSecond: Int, at date: Date) async throws -> Bool { true }
}
