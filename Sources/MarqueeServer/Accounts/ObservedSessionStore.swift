import Foundation
import MarqueeCore
import MarqueeStore

/// A `SessionStore` that reports every session it ends (sign-out, sign-out everywhere, a reused refresh token,
/// password reset, account deletion), so live streams of those sessions close at once.
struct ObservedSessionStore: SessionStore {
    let base: any SessionStore
    let onEnd: @Sendable (SessionNotice) -> Void

    func create(_ session: SessionRecord, tokenHash: String, requiring precondition: SessionPrecondition)
        async throws
    {
        try await base.create(session, tokenHash: tokenHash, requiring: precondition)
    }

    func create(_ session: SessionRecord, secretHash: String, requiring precondition: SessionPrecondition)
        async throws
    {
        try await base.create(session, secretHash: secretHash, requiring: precondition)
    }

    func session(id: String) async throws -> SessionRecord? {
        try await base.session(id: id)
    }

    func session(secretHash: String) async throws -> SessionRecord? {
        try await base.session(secretHash: secretHash)
    }

    func touch(sessionID: String, at date: Date, expiresAt: Date) async throws {
        try await base.touch(sessionID: sessionID, at: date, expiresAt: expiresAt)
    }

    func refresh(tokenHash: String, newTokenHash: String, now: Date, expiresAt: Date, retriesSince: Date)
        async throws -> RefreshOutcome
    {
        let outcome = try await base.refresh(
            tokenHash: tokenHash, newTokenHash: newTokenHash, now: now, expiresAt: expiresAt, retriesSince: retriesSince
        )
        if case .reused(let session) = outcome { onEnd(.ended(session.id)) }
        return outcome
    }

    func revoke(sessionID: String, at date: Date) async throws {
        try await base.revoke(sessionID: sessionID, at: date)
        onEnd(.ended(sessionID))
    }

    @discardableResult
    func prune(endedBefore date: Date) async throws -> Int {
        try await base.prune(endedBefore: date)
    }

    func revokeAll(userID: UserID, at date: Date) async throws {
        try await base.revokeAll(userID: userID, at: date)
        onEnd(.allEnded(userID))
    }
}
