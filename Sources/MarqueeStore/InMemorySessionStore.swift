package import Foundation
package import MarqueeCore

/// A `SessionStore` in memory, for tests and tools.
package actor InMemorySessionStore: SessionStore {
    private var sessions: [String: SessionRecord] = [:]
    private var tokens: [String: (sessionID: String, usedAt: Date?)] = [:]
    private var secrets: [String: String] = [:]
    /// Each account's session generation (this store has no accounts table: the precondition's generation is all
    /// it can check).
    private var generations: [UserID: Int64] = [:]

    /// Creates an empty store.
    package init() {}

    package func create(_ session: SessionRecord, tokenHash: String, requiring precondition: SessionPrecondition)
        throws
    {
        try check(precondition, of: session.userID)
        sessions[session.id] = session
        tokens[tokenHash] = (session.id, nil)
    }

    package func create(_ session: SessionRecord, secretHash: String, requiring precondition: SessionPrecondition)
        throws
    {
        try check(precondition, of: session.userID)
        sessions[session.id] = session
        secrets[secretHash] = session.id
    }

    private func check(_ precondition: SessionPrecondition, of user: UserID) throws {
        guard generations[user, default: 0] == precondition.generation else { throw DomainError.signInOvertaken }
    }

    package func session(id: String) -> SessionRecord? { sessions[id] }

    package func session(secretHash: String) -> SessionRecord? { secrets[secretHash].flatMap { sessions[$0] } }

    package func touch(sessionID: String, at date: Date, expiresAt: Date) {
        guard sessions[sessionID]?.isActive(at: date) == true else { return }
        sessions[sessionID]?.lastUsedAt = date
        sessions[sessionID]?.expiresAt = expiresAt
    }

    package func refresh(tokenHash: String, newTokenHash: String, now: Date, expiresAt: Date, retriesSince: Date)
        -> RefreshOutcome
    {
        guard let token = tokens[tokenHash], var session = sessions[token.sessionID] else { return .unknown }
        if let usedAt = token.usedAt {
            if usedAt >= retriesSince, let successor = tokens[newTokenHash], successor.sessionID == session.id,
                successor.usedAt == nil, session.isActive(at: now)
            {
                return .repeated(session)
            }
            if session.revokedAt == nil { session.revokedAt = now }
            sessions[session.id] = session
            return .reused(session)
        }
        guard session.isActive(at: now) else { return .ended(session) }
        tokens[tokenHash] = (session.id, now)
        tokens[newTokenHash] = (session.id, nil)
        session.lastUsedAt = now
        session.expiresAt = expiresAt
        sessions[session.id] = session
        return .rotated(session)
    }

    package func revoke(sessionID: String, at date: Date) {
        if sessions[sessionID]?.revokedAt == nil { sessions[sessionID]?.revokedAt = date }
    }

    package func revokeAll(userID: UserID, at date: Date) {
        generations[userID, default: 0] += 1
        for (id, session) in sessions where session.userID == userID && session.revokedAt == nil {
            sessions[id]?.revokedAt = date
        }
    }

    @discardableResult
    package func prune(endedBefore date: Date) -> Int {
        let ended = Set(
            sessions.values.filter { ($0.revokedAt ?? .distantFuture) < date || $0.expiresAt < date }.map(\.id))
        sessions = sessions.filter { !ended.contains($0.key) }
        tokens = tokens.filter { !ended.contains($0.value.sessionID) && ($0.value.usedAt ?? .distantFuture) >= date }
        secrets = secrets.filter { !ended.contains($0.value) }
        return ended.count
    }
}
