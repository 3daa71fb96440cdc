package import Foundation
package import MarqueeCore

/// A `UserStore` in memory, for tests and tools.
package actor InMemoryUserStore: UserStore {
    private var users: [UserID: UserRecord] = [:]

    /// Creates an empty store.
    package init() {}

    package func insert(_ user: UserRecord) throws {
        guard users[user.id] == nil, !conflicts(user) else { throw DomainError.accountExists }
        users[user.id] = user
    }

    package func user(id: UserID) -> UserRecord? { users[id] }

    package func user(email: String) -> UserRecord? { users.values.first { $0.email == email } }

    package func user(googleSubject: String) -> UserRecord? {
        users.values.first { $0.googleSubject == googleSubject }
    }

    @discardableResult
    package func update(id: UserID, _ change: @escaping @Sendable (inout UserRecord) throws -> Void) throws
        -> UserRecord?
    {
        guard let before = users[id] else { return nil }
        var after = before
        try change(&after)
        after.id = before.id
        after.sessionGeneration = before.sessionGeneration
        guard !conflicts(after) else { throw DomainError.accountExists }
        users[id] = after
        return after
    }

    @discardableResult
    package func delete(id: UserID, onlyGuest: Bool) -> Bool {
        guard !onlyGuest || users[id]?.isGuest == true else { return false }
        return users.removeValue(forKey: id) != nil
    }

    package func list(offset: Int, limit: Int) -> [UserRecord] {
        Array(
            users.values.sorted { ($0.createdAt, $0.id.rawValue) < ($1.createdAt, $1.id.rawValue) }.dropFirst(offset)
                .prefix(limit))
    }

    package func count() -> Int { users.count }

    package func idleGuests(before date: Date, limit: Int) -> [UserID] {
        users.values.filter { $0.googleSubject == nil && !$0.emailVerified && $0.lastActiveAt < date }.sorted {
            $0.lastActiveAt < $1.lastActiveAt
        }
        .prefix(limit).map(\.id)
    }

    private func conflicts(_ user: UserRecord) -> Bool {
        users.values.contains { other in
            other.id != user.id
                && ((user.email != nil && other.email == user.email)
                    || (user.googleSubject != nil && other.googleSubject == user.googleSubject))
        }
    }
}
