package import Foundation
package import MarqueeCore

/// What a mailed link is for.
package enum OneTimePurpose: String, Sendable, CaseIterable {
    /// Confirms the address of a new account (or an upgraded guest).
    case verifyEmail = "verify_email"
    /// Lets the person set a new password.
    case resetPassword = "reset_password"
    /// Confirms a new address for an existing account.
    case changeEmail = "change_email"
    /// Moves a guest's data into the existing account whose address the guest tried to take.
    case mergeGuest = "merge_guest"
    /// Gives a guest the address (the payload, with the new password's hash) it asked for, once confirmed.
    case upgradeGuest = "upgrade_guest"
}

/// A mailed single-use link, stored only as the hash of its token.
package struct OneTimeTokenRecord: Sendable, Equatable {
    /// SHA-256 of the token, hex.
    package var tokenHash: String
    /// What the link does.
    package var purpose: OneTimePurpose
    /// The account it acts on.
    package var userID: UserID
    /// Purpose-specific data: the new address for an email change, the chosen password hash for a repeated
    /// sign-up, the guest to merge into this account.
    package var payload: String?
    /// When it was issued.
    package var createdAt: Date
    /// When it stops working.
    package var expiresAt: Date
    /// When it was used (or withdrawn).
    package var usedAt: Date?

    /// Creates a record.
    package init(
        tokenHash: String, purpose: OneTimePurpose, userID: UserID, payload: String? = nil, createdAt: Date,
        expiresAt: Date, usedAt: Date? = nil
    ) {
        self.tokenHash = tokenHash
        self.purpose = purpose
        self.userID = userID
        self.payload = payload
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }
}

/// What presenting a link's token led to.
package enum OneTimeTokenOutcome: Sendable, Equatable {
    /// The token was valid and is now used.
    case consumed(OneTimeTokenRecord)
    /// The token had been used (or withdrawn) before.
    case alreadyUsed(OneTimeTokenRecord)
    /// The token is past its expiry.
    case expired(OneTimeTokenRecord)
    /// No such token for the purposes asked.
    case unknown

    /// The link, unless there is none.
    package var record: OneTimeTokenRecord? {
        switch self {
        case .consumed(let record), .alreadyUsed(let record), .expired(let record): record
        case .unknown: nil
        }
    }
}

/// Where single-use links live.
package protocol OneTimeTokenStore: Sendable {
    /// Stores a new link.
    func create(_ record: OneTimeTokenRecord) async throws
    /// The link with this hash as it stands, used or not; nil when there is none. Reading never uses it.
    func record(tokenHash: String) async throws -> OneTimeTokenRecord?
    /// Atomically uses the token if it is current and for one of `purposes`: one lookup for a link that may do
    /// several things (the verification page follows three kinds), its record saying which.
    func consume(tokenHash: String, purposes: Set<OneTimePurpose>, at date: Date) async throws -> OneTimeTokenOutcome
    /// Withdraws every unused link of `purpose` for the user (after a reset, the other reset links stop working).
    func withdrawAll(userID: UserID, purpose: OneTimePurpose, at date: Date) async throws
    /// Makes a link that `consume` used at `usedAt` current again, for an action refused after the link was used
    /// (the person can fix the cause and follow the same link). A link used or withdrawn at another time stays used.
    func release(tokenHash: String, usedAt: Date) async throws
    /// Removes links that expired before `date`, used or not; returns how many.
    @discardableResult
    func prune(expiredBefore date: Date) async throws -> Int
}

extension OneTimeTokenStore {
    /// Atomically uses the token if it is current and for `purpose`.
    package func consume(tokenHash: String, purpose: OneTimePurpose, at date: Date) async throws -> OneTimeTokenOutcome
    {
        try await consume(tokenHash: tokenHash, purposes: [purpose], at: date)
    }
}
