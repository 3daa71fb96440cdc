package import Foundation
import MarqueeCore
package import MarqueeStore
package import MarqueeStoreSQL

/// What the server's operator can do to accounts (`marquee user …`): list, show, disable, enable and delete.
package struct AccountAdmin: Sendable {
    private let users: any UserStore
    private let sessions: any SessionStore
    private let now: @Sendable () -> Date

    /// Creates the admin over a migrated database.
    package init(database: any Database, now: @escaping @Sendable () -> Date = { Date() }) {
        users = SQLUserStore(database: database)
        sessions = SQLSessionStore(database: database)
        self.now = now
    }

    /// Accounts in creation order.
    package func list(offset: Int = 0, limit: Int = 100) async throws -> (users: [UserRecord], total: Int) {
        (try await users.list(offset: offset, limit: limit), try await users.count())
    }

    /// The account with this id (or its short id's full form) or email address.
    package func find(_ idOrEmail: String) async throws -> UserRecord? {
        if let id = UserID(idOrEmail) { return try await users.user(id: id) }
        return try await users.user(email: idOrEmail.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Disables the account and ends its sessions; it cannot sign in until enabled.
    package func disable(_ user: UserRecord) async throws {
        let date = now()
        try await users.update(id: user.id) { $0.disabledAt = $0.disabledAt ?? date }
        try await sessions.revokeAll(userID: user.id, at: date)
    }

    /// Lets a disabled account sign in again.
    package func enable(_ user: UserRecord) async throws {
        try await users.update(id: user.id) { $0.disabledAt = nil }
    }

    /// Deletes the account with all its data. Its sessions end first, so running servers (on a shared database,
    /// told over the instance bus) close its live streams at once.
    package func delete(_ user: UserRecord) async throws {
        try await sessions.revokeAll(userID: user.id, at: now())
        try await users.delete(id: user.id)
    }
}
