package import MarqueeCore
import MarqueeStore

/// The name of something writers take turns on (see `Database.lock`). Every name is made here, so two stores
/// that must exclude each other (an account deletion and a save) cannot drift apart in spelling.
package struct LockKey: Hashable, Sendable {
    /// The lock's name; the database maps it to its own lock.
    package let name: String

    /// A person's saved items, change log and sequence number.
    package static func items(_ user: UserID) -> LockKey { LockKey(name: "items:\(user.rawValue)") }
    /// An account's row.
    package static func user(_ id: String) -> LockKey { LockKey(name: "user:\(id)") }
    /// An email address two accounts must not both claim.
    package static func email(_ address: String) -> LockKey { LockKey(name: "email:\(address)") }
    /// A Google account two accounts must not both claim.
    package static func google(_ subject: String) -> LockKey { LockKey(name: "google:\(subject)") }
    /// A refresh token being rotated.
    package static func refresh(_ tokenHash: String) -> LockKey { LockKey(name: "refresh:\(tokenHash)") }
    /// A mailed link being used.
    package static func link(_ tokenHash: String) -> LockKey { LockKey(name: "link:\(tokenHash)") }
    /// An attempt counter.
    package static func attempts(_ key: String) -> LockKey { LockKey(name: "attempts:\(key)") }
    /// A server secret being created.
    package static func secret(_ name: String) -> LockKey { LockKey(name: "secret:\(name)") }
    /// Schema migrations.
    package static let migrations = LockKey(name: "marquee.migrations")

    /// A stable 64-bit number for the name: every instance must map a name to the same database lock.
    var number: Int64 { Int64(bitPattern: FNV1a.hash(name)) }
}
