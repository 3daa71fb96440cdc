import Foundation
import MarqueeCore
import MarqueeServer
import MarqueeStore
import MarqueeStoreSQL
import MarqueeWire
import Testing

/// The account storage contract, run against the in-memory and the SQLite implementation.
@Suite("User store")
struct UserStoreTests {
    static func withStores(_ body: (any UserStore) async throws -> Void) async throws {
        try await body(InMemoryUserStore())
        try await withEachMigratedDatabase { database in try await body(SQLUserStore(database: database)) }
    }

    let created = Date(timeIntervalSince1970: 1_790_000_000.123)

    @Test("Accounts are stored, found by id, email and Google subject, updated and deleted")
    func roundTrip() async throws {
        try await Self.withStores { store in
            let ada = UserRecord(
                email: "ada@example.com", passwordHash: "$2b$12$hash", createdAt: created,
                profile: UserProfile(displayName: "Ada", region: "GB", temperatureUnit: "celsius"))
            let guest = UserRecord(createdAt: created)
            try await store.insert(ada)
            try await store.insert(guest)
            #expect(try await store.user(id: ada.id) == ada)
            #expect(try await store.user(email: "ada@example.com") == ada)
            #expect(try await store.user(id: guest.id)?.isGuest == true)
            #expect(try await store.user(email: "nobody@example.com") == nil)

            let upgraded = try await store.update(id: guest.id) { user in
                user.googleSubject = "google-123"
                user.email = "grace@example.com"
                user.emailVerified = true
                user.lastActiveAt = created.addingTimeInterval(60)
            }
            #expect(upgraded?.email == "grace@example.com")
            #expect(try await store.user(googleSubject: "google-123") == upgraded)
            #expect(try await store.update(id: UserID()) { $0.emailVerified = true } == nil)
            #expect(try await store.user(id: guest.id)?.isGuest == false)

            #expect(try await store.delete(id: ada.id))
            #expect(try await !store.delete(id: ada.id))
            #expect(try await store.user(email: "ada@example.com") == nil)
        }
    }

    @Test("An email address or Google subject belongs to one account only")
    func uniqueness() async throws {
        try await Self.withStores { store in
            let first = UserRecord(email: "same@example.com", googleSubject: "g-1", createdAt: created)
            try await store.insert(first)
            for duplicate in [
                UserRecord(email: "same@example.com", createdAt: created),
                UserRecord(googleSubject: "g-1", createdAt: created),
                UserRecord(id: first.id, createdAt: created),
            ] {
                await #expect {
                    try await store.insert(duplicate)
                } throws: { error in
                    (error as? DomainError)?.code == .accountExists
                }
            }
            let other = UserRecord(email: "other@example.com", createdAt: created)
            try await store.insert(other)
            await #expect {
                try await store.update(id: other.id) { $0.email = "same@example.com" }
            } throws: { error in
                (error as? DomainError)?.code == .accountExists
            }
            #expect(try await store.user(id: other.id)?.email == "other@example.com")
        }
    }
}
