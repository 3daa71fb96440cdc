import Foundation
import MarqueeCore
import MarqueeServer
import MarqueeStore
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

            var upgraded = guest
            upgraded.googleSubject = "google-123"
            upgraded.email = "grace@example.com"
            upgraded.emailVerified = true
            upgraded.lastActiveAt = created.addingTimeInterval(60)
            try await store.update(upgraded)
            #expect(try await store.user(googleSubject: "google-123") == upgraded)
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
            var other = UserRecord(email: "other@example.com", createdAt: created)
            try await store.insert(other)
            other.email = "same@example.com"
            await #expect {
                try await store.update(other)
            } throws: { error in
                (error as? DomainError)?.code == .accountExists
            }
            #expect(try await store.user(id: other.id)?.email == "other@example.com")
        }
    }
}
