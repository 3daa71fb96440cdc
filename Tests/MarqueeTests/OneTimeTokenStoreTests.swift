import Foundation
import MarqueeCore
import MarqueeStore
import MarqueeStoreSQL
import Testing

/// The single-use link contract, run against the in-memory and the SQLite implementation.
@Suite("One-time link store")
struct OneTimeTokenStoreTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)
    let user = UserRecord(email: "ada@example.com", createdAt: Date(timeIntervalSince1970: 1_790_000_000))

    func withStores(_ body: (any OneTimeTokenStore) async throws -> Void) async throws {
        try await body(InMemoryOneTimeTokenStore())
        try await withEachMigratedDatabase { database in
            try await SQLUserStore(database: database).insert(user)
            try await body(SQLOneTimeTokenStore(database: database))
        }
    }

    func link(_ hash: String, _ purpose: OneTimePurpose = .verifyEmail, lifetime: TimeInterval = 3_600)
        -> OneTimeTokenRecord
    {
        OneTimeTokenRecord(
            tokenHash: hash, purpose: purpose, userID: user.id, payload: "ada@example.com", createdAt: start,
            expiresAt: start.addingTimeInterval(lifetime))
    }

    @Test("A link is used once; then it reports it was used; expired, unknown and wrong-purpose links say so")
    func consume() async throws {
        try await withStores { store in
            try await store.create(link("a"))
            try await store.create(link("b", lifetime: 60))
            let used = start.addingTimeInterval(10)
            guard case .consumed(let record) = try await store.consume(tokenHash: "a", purpose: .verifyEmail, at: used)
            else {
                Issue.record("expected the link to be consumed")
                return
            }
            #expect(record.usedAt == used && record.payload == "ada@example.com")
            #expect(try await store.consume(tokenHash: "a", purpose: .verifyEmail, at: used) == .alreadyUsed(record))
            #expect(try await store.consume(tokenHash: "b", purpose: .resetPassword, at: used) == .unknown)
            #expect(try await store.consume(tokenHash: "zzz", purpose: .verifyEmail, at: used) == .unknown)
            let late = start.addingTimeInterval(61)
            guard case .expired = try await store.consume(tokenHash: "b", purpose: .verifyEmail, at: late) else {
                Issue.record("expected the link to be expired")
                return
            }
        }
    }

    @Test("Withdrawing a purpose's links makes them used; other purposes keep working")
    func withdraw() async throws {
        try await withStores { store in
            try await store.create(link("r1", .resetPassword))
            try await store.create(link("r2", .resetPassword))
            try await store.create(link("v1"))
            try await store.withdrawAll(userID: user.id, purpose: .resetPassword, at: start)
            for hash in ["r1", "r2"] {
                guard case .alreadyUsed = try await store.consume(tokenHash: hash, purpose: .resetPassword, at: start)
                else {
                    Issue.record("expected \(hash) withdrawn")
                    continue
                }
            }
            guard case .consumed = try await store.consume(tokenHash: "v1", purpose: .verifyEmail, at: start) else {
                Issue.record("expected v1 to work")
                return
            }
        }
    }

    @Test(
        "A link asked for under several purposes is used once, its record saying which; a purpose not asked for is unknown"
    )
    func severalPurposes() async throws {
        try await withStores { store in
            try await store.create(link("m", .mergeGuest))
            let mailed: Set<OneTimePurpose> = [.verifyEmail, .mergeGuest, .upgradeGuest]
            #expect(
                try await store.consume(tokenHash: "m", purposes: [.verifyEmail, .resetPassword], at: start) == .unknown
            )
            let first = try await store.consume(tokenHash: "m", purposes: mailed, at: start)
            guard case .consumed(let record) = first else {
                Issue.record("expected the link to be consumed, got \(first)")
                return
            }
            #expect(record.purpose == .mergeGuest)
            #expect(try await store.consume(tokenHash: "m", purposes: mailed, at: start).record?.purpose == .mergeGuest)
            guard case .alreadyUsed = try await store.consume(tokenHash: "m", purposes: mailed, at: start) else {
                Issue.record("expected the link to be used")
                return
            }
        }
    }

    @Test("A released link works again; a release that names another use time (a withdrawal since) changes nothing")
    func release() async throws {
        try await withStores { store in
            try await store.create(link("m", .mergeGuest))
            let first = start.addingTimeInterval(5)
            guard case .consumed = try await store.consume(tokenHash: "m", purpose: .mergeGuest, at: first) else {
                Issue.record("expected the link to be consumed")
                return
            }
            try await store.release(tokenHash: "m", usedAt: first)
            let second = start.addingTimeInterval(9)
            guard case .consumed = try await store.consume(tokenHash: "m", purpose: .mergeGuest, at: second) else {
                Issue.record("expected the released link to work again")
                return
            }
            try await store.release(tokenHash: "m", usedAt: first)
            guard case .alreadyUsed = try await store.consume(tokenHash: "m", purpose: .mergeGuest, at: second) else {
                Issue.record("expected a stale release to leave the link used")
                return
            }
            try await store.release(tokenHash: "nothing", usedAt: first)
        }
    }

    @Test("Pruning removes links that expired before a date, used or not, and keeps the rest")
    func prune() async throws {
        try await withStores { store in
            try await store.create(link("old", lifetime: 60))
            try await store.create(link("used", lifetime: 60))
            _ = try await store.consume(tokenHash: "used", purpose: .verifyEmail, at: start)
            try await store.create(link("current", lifetime: 3_600))
            #expect(try await store.prune(expiredBefore: start.addingTimeInterval(120)) == 2)
            #expect(try await store.record(tokenHash: "old") == nil)
            #expect(try await store.record(tokenHash: "used") == nil)
            #expect(try await store.record(tokenHash: "current") != nil)
        }
    }
}
