import Foundation
import MarqueeCore
import MarqueeStore
import MarqueeStoreSQL
import Testing

/// The session and refresh-token contract, run against the in-memory and the SQLite implementation.
@Suite("Session store")
struct SessionStoreTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)
    let user = UserRecord(email: "ada@example.com", createdAt: Date(timeIntervalSince1970: 1_790_000_000))

    func withStores(_ body: (any SessionStore) async throws -> Void) async throws {
        try await body(InMemorySessionStore())
        try await withEachMigratedDatabase { database in
            try await SQLUserStore(database: database).insert(user)
            try await body(SQLSessionStore(database: database))
        }
    }

    func session(_ id: String = UUID().uuidString) -> SessionRecord {
        SessionRecord(
            id: id, userID: user.id, createdAt: start, expiresAt: start.addingTimeInterval(30 * 86_400),
            client: "Safari on iPhone")
    }

    @Test("Each refresh token works once and is replaced; the session slides forward")
    func rotation() async throws {
        try await withStores { store in
            let created = session()
            try await store.create(created, tokenHash: "t1", requiring: SessionPrecondition(generation: 0))
            #expect(try await store.session(id: created.id) == created)
            let later = start.addingTimeInterval(3_600)
            let outcome = try await store.refresh(
                tokenHash: "t1", newTokenHash: "t2", now: later, expiresAt: later.addingTimeInterval(30 * 86_400))
            guard case .rotated(let rotated) = outcome else {
                Issue.record("expected rotation, got \(outcome)")
                return
            }
            #expect(rotated.lastUsedAt == later && rotated.expiresAt == later.addingTimeInterval(30 * 86_400))
            let next = try await store.refresh(tokenHash: "t2", newTokenHash: "t3", now: later, expiresAt: later)
            #expect(next == .rotated(try #require(try await store.session(id: created.id))))
            #expect(
                try await store.refresh(tokenHash: "nope", newTokenHash: "x", now: later, expiresAt: later) == .unknown)
        }
    }

    @Test("Reusing a refresh token revokes its whole family")
    func reuse() async throws {
        try await withStores { store in
            let created = session()
            try await store.create(created, tokenHash: "a1", requiring: SessionPrecondition(generation: 0))
            let now = start.addingTimeInterval(60)
            _ = try await store.refresh(
                tokenHash: "a1", newTokenHash: "a2", now: now, expiresAt: now.addingTimeInterval(86_400))
            let replay = try await store.refresh(tokenHash: "a1", newTokenHash: "evil", now: now, expiresAt: now)
            guard case .reused(let revoked) = replay else {
                Issue.record("expected reuse, got \(replay)")
                return
            }
            #expect(revoked.revokedAt == now)
            let legitimate = try await store.refresh(tokenHash: "a2", newTokenHash: "a3", now: now, expiresAt: now)
            #expect(legitimate == .ended(revoked))
            #expect(try await store.refresh(tokenHash: "evil", newTokenHash: "x", now: now, expiresAt: now) == .unknown)
        }
    }

    @Test("A token presented again within the retry window, naming its unused successor, is a retry; otherwise a reuse")
    func retry() async throws {
        try await withStores { store in
            let created = session()
            try await store.create(created, tokenHash: "r1", requiring: SessionPrecondition(generation: 0))
            let used = start.addingTimeInterval(60)
            let extended = used.addingTimeInterval(86_400)
            _ = try await store.refresh(tokenHash: "r1", newTokenHash: "r2", now: used, expiresAt: extended)
            let rotated = try #require(try await store.session(id: created.id))
            let soon = used.addingTimeInterval(30)
            let again = try await store.refresh(
                tokenHash: "r1", newTokenHash: "r2", now: soon, expiresAt: soon, retriesSince: used)
            #expect(again == .repeated(rotated))
            #expect(try await store.session(id: created.id) == rotated)

            // Past the window it is a reuse, as is a retry once the successor has been used in turn.
            let late = try await store.refresh(
                tokenHash: "r1", newTokenHash: "r2", now: soon, expiresAt: soon,
                retriesSince: used.addingTimeInterval(1))
            guard case .reused = late else {
                Issue.record("expected reuse after the window, got \(late)")
                return
            }
            let other = session()
            try await store.create(other, tokenHash: "o1", requiring: SessionPrecondition(generation: 0))
            _ = try await store.refresh(tokenHash: "o1", newTokenHash: "o2", now: used, expiresAt: extended)
            _ = try await store.refresh(tokenHash: "o2", newTokenHash: "o3", now: used, expiresAt: extended)
            let stale = try await store.refresh(
                tokenHash: "o1", newTokenHash: "o2", now: soon, expiresAt: soon, retriesSince: used)
            guard case .reused = stale else {
                Issue.record("expected reuse of a token whose successor was used, got \(stale)")
                return
            }
        }
    }

    @Test("Expired, signed-out and signed-out-everywhere sessions end")
    func ending() async throws {
        try await withStores { store in
            let expired = session("expired")
            try await store.create(expired, tokenHash: "e1", requiring: SessionPrecondition(generation: 0))
            let afterExpiry = expired.expiresAt.addingTimeInterval(1)
            #expect(
                try await store.refresh(tokenHash: "e1", newTokenHash: "e2", now: afterExpiry, expiresAt: afterExpiry)
                    == .ended(expired))

            let phone = session("phone")
            let laptop = session("laptop")
            try await store.create(phone, tokenHash: "p1", requiring: SessionPrecondition(generation: 0))
            try await store.create(laptop, tokenHash: "l1", requiring: SessionPrecondition(generation: 0))
            let now = start.addingTimeInterval(10)
            try await store.revoke(sessionID: "phone", at: now)
            #expect(try await store.session(id: "phone")?.revokedAt == now)
            #expect(try await store.session(id: "laptop")?.isActive(at: now) == true)
            try await store.revokeAll(userID: user.id, at: now.addingTimeInterval(5))
            #expect(try await store.session(id: "laptop")?.revokedAt == now.addingTimeInterval(5))
            #expect(try await store.session(id: "phone")?.revokedAt == now)
            guard case .ended = try await store.refresh(tokenHash: "l1", newTokenHash: "l2", now: now, expiresAt: now)
            else {
                Issue.record("a revoked session refreshed")
                return
            }
        }
    }

    @Test("Pruning removes sessions that ended before a date, with their tokens, and tokens used before it")
    func prune() async throws {
        try await withStores { store in
            let open = SessionPrecondition(generation: 0)
            let (revoked, expired, active) = (session("revoked"), session("expired"), session("active"))
            for (session, token) in [(revoked, "r1"), (expired, "x1"), (active, "a1")] {
                try await store.create(session, tokenHash: token, requiring: open)
            }
            try await store.revoke(sessionID: "revoked", at: start.addingTimeInterval(10))
            let later = start.addingTimeInterval(20)
            _ = try await store.refresh(
                tokenHash: "a1", newTokenHash: "a2", now: later, expiresAt: later.addingTimeInterval(30 * 86_400))
            let afterExpiry = expired.expiresAt.addingTimeInterval(1)
            #expect(try await store.prune(endedBefore: afterExpiry) == 2)
            #expect(try await store.session(id: "revoked") == nil)
            #expect(try await store.session(id: "expired") == nil)
            #expect(try await store.session(id: "active") != nil)
            #expect(
                try await store.refresh(tokenHash: "r1", newTokenHash: "r2", now: later, expiresAt: later) == .unknown)
            // The used token went too (a late replay reads as unknown); its successor still works.
            #expect(
                try await store.refresh(tokenHash: "a1", newTokenHash: "zz", now: afterExpiry, expiresAt: afterExpiry)
                    == .unknown)
            guard
                case .rotated = try await store.refresh(
                    tokenHash: "a2", newTokenHash: "a3", now: later, expiresAt: later)
            else {
                Issue.record("the active session's current token stopped working")
                return
            }
        }
    }

    @Test("A session starts only if the account is as its sign-in read it: same generation and password, enabled")
    func preconditions() async throws {
        try await withEachMigratedDatabase { database in
            let users = SQLUserStore(database: database)
            let member = UserRecord(email: "grace@example.com", passwordHash: "hash-1", createdAt: start)
            try await users.insert(member)
            let store = SQLSessionStore(database: database)
            let read = SessionPrecondition(member, checkedPassword: true)
            let newSession = {
                SessionRecord(id: UUID().uuidString, userID: member.id, createdAt: start, expiresAt: start + 86_400)
            }
            func refused(_ code: String, _ precondition: SessionPrecondition = read) async {
                await #expect {
                    try await store.create(newSession(), tokenHash: UUID().uuidString, requiring: precondition)
                } throws: { ($0 as? DomainError)?.code.rawValue == code }
            }
            try await users.update(id: member.id) { $0.passwordHash = "hash-2" }
            await refused("auth.invalid_credentials")
            try await users.update(id: member.id) { $0.passwordHash = "hash-1" }
            try await store.revokeAll(userID: member.id, at: start)
            await refused("auth.session_ended")
            let current = SessionPrecondition(generation: 1, passwordHash: "hash-1")
            try await users.update(id: member.id) { $0.disabledAt = start }
            await refused("auth.account_disabled", current)
            try await users.update(id: member.id) { $0.disabledAt = nil }
            try await store.create(newSession(), tokenHash: "ok", requiring: current)
        }
    }

    @Test("Deleting the account deletes its sessions")
    func cascade() async throws {
        try await withMigratedDatabase { database in
            try await SQLUserStore(database: database).insert(user)
            let store = SQLSessionStore(database: database)
            try await store.create(session("s"), tokenHash: "s1", requiring: SessionPrecondition(generation: 0))
            try await SQLUserStore(database: database).delete(id: user.id)
            #expect(try await store.session(id: "s") == nil)
            #expect(
                try await store.refresh(tokenHash: "s1", newTokenHash: "s2", now: start, expiresAt: start) == .unknown)
        }
    }

    @Test("Browser sessions are found by their secret's hash, slide forward when used, and stop when revoked")
    func webSessions() async throws {
        try await withStores { store in
            let created = session()
            try await store.create(created, secretHash: "cookie-hash", requiring: SessionPrecondition(generation: 0))
            #expect(try await store.session(secretHash: "cookie-hash") == created)
            #expect(try await store.session(secretHash: "other") == nil)
            let later = start.addingTimeInterval(7_200)
            try await store.touch(sessionID: created.id, at: later, expiresAt: later.addingTimeInterval(30 * 86_400))
            let touched = try #require(try await store.session(secretHash: "cookie-hash"))
            #expect(touched.lastUsedAt == later && touched.expiresAt == later.addingTimeInterval(30 * 86_400))
            try await store.revoke(sessionID: created.id, at: later)
            try await store.touch(
                sessionID: created.id, at: later.addingTimeInterval(60), expiresAt: later.addingTimeInterval(99_999))
            let revoked = try #require(try await store.session(secretHash: "cookie-hash"))
            #expect(!revoked.isActive(at: later.addingTimeInterval(60)) && revoked.lastUsedAt == later)
        }
    }
}

extension SessionStore {
    /// Rotation as before retries existed: any second use is a reuse.
    fileprivate func refresh(tokenHash: String, newTokenHash: String, now: Date, expiresAt: Date) async throws
        -> RefreshOutcome
    {
        try await refresh(
            tokenHash: tokenHash, newTokenHash: newTokenHash, now: now, expiresAt: expiresAt,
            retriesSince: .distantFuture)
    }
}
