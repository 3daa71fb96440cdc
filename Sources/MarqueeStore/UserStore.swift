package import Foundation
package import MarqueeCore

/// Where accounts live. Email addresses and Google subjects are unique: inserting or updating to one that
/// another account uses throws `auth.account_exists`.
package protocol UserStore: Sendable {
    /// Adds a new account.
    func insert(_ user: UserRecord) async throws
    /// The account with this id.
    func user(id: UserID) async throws -> UserRecord?
    /// The account with this (normalised) email address.
    func user(email: String) async throws -> UserRecord?
    /// The account linked to this Google subject.
    func user(googleSubject: String) async throws -> UserRecord?
    /// Changes an account in one transaction: `change` edits the account as stored now (it may throw to change
    /// nothing), and only the fields it changed are written, so two flows changing different fields never undo each
    /// other. Returns the account as changed; nil when there is no such account. `sessionGeneration` is not written.
    @discardableResult
    func update(id: UserID, _ change: @escaping @Sendable (inout UserRecord) throws -> Void) async throws -> UserRecord?
    /// Removes every piece of the account's data, then the account itself; returns whether it existed. With
    /// `onlyGuest`, only while it is still a guest (one that signed up meanwhile stays).
    @discardableResult
    func delete(id: UserID, onlyGuest: Bool) async throws -> Bool
    /// Accounts in creation order, for the operator's `marquee user list`.
    func list(offset: Int, limit: Int) async throws -> [UserRecord]
    /// How many accounts there are.
    func count() async throws -> Int
    /// Guests and never-verified email accounts not used since `date`, oldest first (the purge removes them).
    func idleGuests(before date: Date, limit: Int) async throws -> [UserID]
}

extension UserStore {
    /// Removes the account, whatever it is, with its data; returns whether it existed.
    @discardableResult
    package func delete(id: UserID) async throws -> Bool {
        try await delete(id: id, onlyGuest: false)
    }
}

extension DomainError {
    package static var accountExists: DomainError {
        DomainError(
            .accountExists, "An account with this email address already exists. Sign in instead, or reset the password."
        )
    }
}
