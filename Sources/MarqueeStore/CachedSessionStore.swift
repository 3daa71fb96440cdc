package import Foundation
package import MarqueeCore
import Synchronization

/// A `SessionStore` that remembers sessions looked up by id for a few seconds, so the session check on every API
/// request rarely reaches the database. Everything that changes a session through this store drops it from the
/// cache at once. Instances sharing a database drop what another instance ended as its bus notice arrives
/// (`forget`); what a process without a bus changes (`marquee user` on SQLite) is seen within `timeToLive`.
package final class CachedSessionStore: SessionStore {
    private struct Entry {
        let session: SessionRecord
        let cachedAt: Date
    }

    private let base: any SessionStore
    private let timeToLive: TimeInterval
    private let capacity: Int
    private let now: @Sendable () -> Date
    private let state = Mutex(State())

    private struct State {
        var entries: [String: Entry] = [:]
        /// Bumped by every change, so a lookup that raced with one does not cache what it read before it.
        var generation = 0
    }

    /// Caches `base`'s sessions for `timeToLive` seconds, at most `capacity` of them.
    package init(
        base: any SessionStore, timeToLive: TimeInterval = 10, capacity: Int = 20_000,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.base = base
        self.timeToLive = timeToLive
        self.capacity = capacity
        self.now = now
    }

    package func session(id: String) async throws -> SessionRecord? {
        let date = now()
        let (cached, generation) = state.withLock { state -> (SessionRecord?, Int) in
            guard let entry = state.entries[id] else { return (nil, state.generation) }
            guard date.timeIntervalSince(entry.cachedAt) < timeToLive else {
                state.entries[id] = nil
                return (nil, state.generation)
            }
            return (entry.session, state.generation)
        }
        if let cached { return cached }
        guard let session = try await base.session(id: id) else { return nil }
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[id] = Entry(session: session, cachedAt: date)
        }
        return session
    }

    package func create(_ session: SessionRecord, tokenHash: String, requiring precondition: SessionPrecondition)
        async throws
    {
        try await base.create(session, tokenHash: tokenHash, requiring: precondition)
    }

    package func create(_ session: SessionRecord, secretHash: String, requiring precondition: SessionPrecondition)
        async throws
    {
        try await base.create(session, secretHash: secretHash, requiring: precondition)
    }

    package func session(secretHash: String) async throws -> SessionRecord? {
        try await base.session(secretHash: secretHash)
    }

    package func touch(sessionID: String, at date: Date, expiresAt: Date) async throws {
        drop(sessionID)
        try await base.touch(sessionID: sessionID, at: date, expiresAt: expiresAt)
    }

    package func refresh(tokenHash: String, newTokenHash: String, now: Date, expiresAt: Date, retriesSince: Date)
        async throws -> RefreshOutcome
    {
        let outcome = try await base.refresh(
            tokenHash: tokenHash, newTokenHash: newTokenHash, now: now, expiresAt: expiresAt, retriesSince: retriesSince
        )
        switch outcome {
        case .rotated(let session), .reused(let session), .ended(let session): drop(session.id)
        // A retry changed nothing, so what is cached still holds.
        case .repeated, .unknown: break
        }
        return outcome
    }

    package func revoke(sessionID: String, at date: Date) async throws {
        drop(sessionID)
        try await base.revoke(sessionID: sessionID, at: date)
        drop(sessionID)
    }

    @discardableResult
    package func prune(endedBefore date: Date) async throws -> Int {
        try await base.prune(endedBefore: date)
    }

    package func revokeAll(userID: UserID, at date: Date) async throws {
        try await base.revokeAll(userID: userID, at: date)
        forget(.allEnded(userID))
    }

    /// Drops what another instance ended.
    package func forget(_ ended: SessionNotice) {
        switch ended {
        case .ended(let sessionID): drop(sessionID)
        case .allEnded(let userID):
            state.withLock { state in
                state.generation += 1
                state.entries = state.entries.filter { $0.value.session.userID != userID }
            }
        }
    }

    private func drop(_ sessionID: String) {
        state.withLock { state in
            state.generation += 1
            state.entries[sessionID] = nil
        }
    }

    /// Drops everything (news from other instances may have been missed).
    package func forgetEverything() {
        state.withLock { state in
            state.generation += 1
            state.entries.removeAll()
        }
    }
}
