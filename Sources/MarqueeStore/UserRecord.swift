package import Foundation
package import MarqueeCore
package import MarqueeWire

/// An account as stored. A guest has neither an email nor a Google subject.
package struct UserRecord: Sendable, Equatable {
    /// The account's id.
    package var id: UserID
    /// The normalised email address, for email accounts.
    package var email: String?
    /// Whether the email address was confirmed through a link.
    package var emailVerified: Bool
    /// The password's bcrypt hash, for accounts with a password.
    package var passwordHash: String?
    /// Google's stable subject id, for accounts linked to Google.
    package var googleSubject: String?
    /// When the account was created.
    package var createdAt: Date
    /// When the account was last used (guests idle for 30 days are removed).
    package var lastActiveAt: Date
    /// Preferences the person chose.
    package var profile: UserProfile
    /// When the operator disabled the account (`marquee user disable`); a disabled account cannot sign in.
    package var disabledAt: Date?
    /// How many times every session of the account was ended at once (sign out everywhere, a password change or
    /// reset, disabling). A sign-in starts its session only under the generation it read, so one that was checking
    /// a password while such a change committed cannot outlive it. Only `SessionStore.revokeAll` moves it.
    package var sessionGeneration: Int64

    /// Whether the account is an anonymous guest.
    package var isGuest: Bool { email == nil && googleSubject == nil }

    /// Creates a record.
    package init(
        id: UserID = UserID(), email: String? = nil, emailVerified: Bool = false, passwordHash: String? = nil,
        googleSubject: String? = nil, createdAt: Date, lastActiveAt: Date? = nil, profile: UserProfile = UserProfile(),
        disabledAt: Date? = nil, sessionGeneration: Int64 = 0
    ) {
        self.id = id
        self.email = email
        self.emailVerified = emailVerified
        self.passwordHash = passwordHash
        self.googleSubject = googleSubject
        self.createdAt = createdAt
        self.lastActiveAt = lastActiveAt ?? createdAt
        self.profile = profile
        self.disabledAt = disabledAt
        self.sessionGeneration = sessionGeneration
    }

    /// How the person signs in, for "Signed in as": `Google`, `Email (a@b.com)` or `Guest`.
    package var signInMethod: String {
        if googleSubject != nil { return "Google" }
        if let email { return "Email (\(email))" }
        return "Guest"
    }
}

/// Profile preferences (display name, region, language, units, start page): the shape the API shows and takes, stored
/// as its JSON.
package typealias UserProfile = Account.Profile
