import Foundation
import Logging
import MarqueeCore
package import MarqueeStore
import MarqueeWire

extension AccountService {
    // MARK: Guest upgrade

    /// Turns a guest into an email account (same id, all data kept) once the address is confirmed: the mail carries
    /// the address and the new password's hash, and until its link is followed nothing changes, so the guest stays
    /// signed in and a mistyped address loses nothing. If the address already has an account, its owner is mailed a
    /// link that moves the guest's data into that account instead. Either way the guest sees the same, which does
    /// not tell whether an address has an account.
    package func upgrade(_ auth: Authentication, email rawEmail: String, password: String, client: ClientInfo)
        async throws
    {
        let guest = try await account(auth)
        guard guest.isGuest else {
            throw DomainError(
                .wrongAccountType, "Only a guest account can be upgraded; this account already has a sign-in.")
        }
        let email = try EmailAddress(rawEmail).value
        try passwordPolicy.validate(password)
        try await throttle.attempt(["signup:ip:\(client.network)", "signup:email:\(email)", "upgrade:user:\(guest.id)"])
        let passwordHash = try await hasher.hash(password)
        if let owner = try await users.user(email: email) {
            let token = try await issueLink(
                .mergeGuest, for: owner.id, payload: guest.id.rawValue, lifetime: policy.verifyLinkLifetime)
            try await mailer.send(mail.mergeGuest(to: email, token: token))
        } else {
            let pending = PendingUpgrade(email: email, passwordHash: passwordHash)
            let token = try await issueLink(
                .upgradeGuest, for: guest.id, payload: pending.payload, lifetime: policy.verifyLinkLifetime)
            try await mailer.send(mail.verify(to: email, token: token))
        }
    }

    /// Follows an upgrade link: the guest gets the address and password it asked for, confirmed.
    func completeUpgrade(_ outcome: OneTimeTokenOutcome, at date: Date) async throws -> VerificationOutcome {
        switch outcome {
        case .consumed(let link):
            guard let pending = PendingUpgrade(payload: link.payload) else { throw Self.linkInvalid }
            let upgraded: UserRecord?
            do {
                upgraded = try await users.update(id: link.userID) { user in
                    // A guest upgraded twice (two addresses, two links) takes the first link followed; the other is
                    // void.
                    guard user.isGuest else { throw Self.linkInvalid }
                    user.email = pending.email
                    user.passwordHash = pending.passwordHash
                    user.emailVerified = true
                    user.lastActiveAt = date
                }
            } catch let error as DomainError where error.code == .accountExists {
                throw DomainError(
                    .accountExists,
                    "This address got an account of its own meanwhile. Sign in to it (what you saved as a guest "
                        + "moves into it), or create the account from Account with another address.")
            }
            guard let user = upgraded else { throw Self.linkInvalid }
            try await links.withdrawAll(userID: user.id, purpose: .upgradeGuest, at: date)
            logger.info("Guest upgraded", metadata: ["user": "\(user.id)"])
            return .verified
        case .alreadyUsed(let link):
            guard let user = try await users.user(id: link.userID), user.emailVerified,
                user.email == PendingUpgrade(payload: link.payload)?.email
            else { throw Self.linkUsed }
            return .alreadyVerified
        case .expired:
            throw DomainError(.linkExpired, "This link has expired. Create the account again from Account.")
        case .unknown:
            throw Self.linkInvalid
        }
    }

    // MARK: Google

    /// Signs in with a Google ID token: the linked account, else an email account with the same verified address
    /// (linked now), else a new account; a guest signing in this way is upgraded in place.
    package func signInWithGoogle(idToken: String, guest: Authentication?, web: Bool, client: ClientInfo) async throws
        -> SignedIn
    {
        guard let identity else {
            throw DomainError(.providerNotConfigured, "Google sign-in is not set up on this server.")
        }
        let keys = ["google:ip:\(client.network)"]
        try await throttle.attempt(keys)
        let person = try await identity.verify(idToken)
        await throttle.refund(keys)
        let guestRecord = try await guestAccount(guest)
        if let user = try await users.user(googleSubject: person.subject) {
            try Self.requireEnabled(user)
            if let guestRecord { try await absorb(guestRecord.id, into: user.id) }
            guard !user.emailVerified, user.email == person.email else {
                return try await startSession(for: user, checkedPassword: false, web: web, client: client)
            }
            let verified = try await users.update(id: user.id) { user in
                if user.email == person.email { user.emailVerified = true }
            }
            return try await startSession(for: verified ?? user, checkedPassword: false, web: web, client: client)
        }
        if let user = try await users.user(email: person.email) {
            try Self.requireEnabled(user)
            guard user.googleSubject == nil else { throw Self.linkedElsewhere }
            // First, as it may be refused (the item limit) and then nothing else may have changed.
            if let guestRecord { try await absorb(guestRecord.id, into: user.id) }
            let linked = try await users.update(id: user.id) { user in
                guard user.googleSubject == nil else { throw Self.linkedElsewhere }
                if !user.emailVerified {
                    // Nobody proved this mailbox before Google did: whoever created the pending account (perhaps not
                    // this person) loses its password, sessions and links.
                    user.passwordHash = nil
                    user.emailVerified = true
                }
                user.googleSubject = person.subject
            }
            guard let linked else { throw Self.accountGone }
            if user.emailVerified {
                // The owner proved this mailbox before: tell them another way into their account now exists.
                try await mailer.send(mail.googleLinked(to: person.email))
            } else {
                try await tokens.endAllSessions(of: user.id)
                try await withdrawPendingLinks(of: user.id, at: now())
            }
            logger.info("Google linked to an existing account", metadata: ["user": "\(linked.id)"])
            return try await startSession(forAccount: linked.id, web: web, client: client)
        }
        guard let guestRecord else {
            var user = UserRecord(createdAt: now())
            user.googleSubject = person.subject
            user.email = person.email
            user.emailVerified = true
            user.profile.displayName = person.name.flatMap(ProfileUpdate.providedDisplayName)
            try await users.insert(user)
            return try await startSession(for: user, checkedPassword: false, web: web, client: client)
        }
        let upgraded = try await users.update(id: guestRecord.id) { user in
            guard user.isGuest else { throw Self.accountGone }
            user.googleSubject = person.subject
            user.email = person.email
            user.emailVerified = true
            if user.profile.displayName == nil {
                user.profile.displayName = person.name.flatMap(ProfileUpdate.providedDisplayName)
            }
        }
        guard upgraded != nil else { throw Self.accountGone }
        try await tokens.endAllSessions(of: guestRecord.id)
        return try await startSession(forAccount: guestRecord.id, web: web, client: client)
    }

    static var linkedElsewhere: DomainError {
        DomainError(.accountExists, "This address's account is linked to a different Google account.")
    }

    static func requireEnabled(_ user: UserRecord) throws {
        guard user.disabledAt == nil else {
            throw DomainError(.accountDisabled, "This account has been disabled by the server's operator.")
        }
    }

    /// The account behind `auth` when it is a guest's: what signing in on the same device takes along.
    func guestAccount(_ auth: Authentication?) async throws -> UserRecord? {
        guard let auth, let user = try await users.user(id: auth.userID), user.isGuest else { return nil }
        return user
    }

    /// Moves a guest's data into `target`, then removes the guest, if it still is one (one that signed up meanwhile
    /// keeps its new account), and ends its sessions.
    func absorb(_ guest: UserID, into target: UserID) async throws {
        try await transfer.move(from: guest, to: target)
        if try await users.delete(id: guest, onlyGuest: true) { try await tokens.endAllSessions(of: guest) }
    }

    /// Deletes an account with its data; its sessions end first, so everything that watches them (live streams,
    /// here and on other instances) closes at once instead of finding out later. False when there was none.
    @discardableResult
    func remove(_ id: UserID) async throws -> Bool {
        try await tokens.endAllSessions(of: id)
        return try await users.delete(id: id)
    }

    // MARK: Profile and deletion

    /// Applies a profile change.
    package func updateProfile(_ auth: Authentication, _ update: ProfileUpdate) async throws -> UserRecord {
        guard let user = try await users.update(id: auth.userID, { update.apply(to: &$0.profile) }) else {
            throw Self.accountGone
        }
        return user
    }

    /// Deletes the account and every piece of its data, ending all sessions. Password accounts need a sign-in from
    /// the last five minutes or the password; guests need neither.
    package func deleteAccount(_ auth: Authentication, password: String?, client: ClientInfo) async throws {
        let user = try await account(auth)
        if !user.isGuest {
            if let password, user.passwordHash != nil {
                try await checkPassword(password, of: user, client: client)
            } else {
                try requireRecentSignIn(auth)
            }
        }
        try await remove(user.id)
        logger.info("Account deleted", metadata: ["user": "\(user.id)"])
    }

    /// Removes what the account tables would otherwise keep for ever: sessions that ended and links that expired a
    /// while ago (kept meanwhile so that a late visit is told what happened); returns how many of each went.
    package func pruneEnded() async throws -> (sessions: Int, links: Int) {
        let sessions = try await tokens.pruneEndedSessions()
        let links = try await links.prune(expiredBefore: now().addingTimeInterval(-policy.abandonedAfter))
        return (sessions, links)
    }

    /// Removes guests (and never-verified accounts) unused for the policy's period; returns how many.
    package func purgeAbandonedAccounts() async throws -> Int {
        var removed = 0
        while true {
            let batch = try await users.idleGuests(before: now().addingTimeInterval(-policy.abandonedAfter), limit: 100)
            for id in batch where try await remove(id) { removed += 1 }
            if batch.count < 100 { return removed }
        }
    }
}

/// The address and password hash a guest asked for, kept in its upgrade link until the address is confirmed.
struct PendingUpgrade {
    let email: String
    let passwordHash: String

    init(email: String, passwordHash: String) {
        self.email = email
        self.passwordHash = passwordHash
    }

    /// Reads a link's payload: the address, a line break, the hash (neither can hold a line break).
    init?(payload: String?) {
        let parts = payload?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        email = String(parts[0])
        passwordHash = String(parts[1])
    }

    var payload: String { email + "\n" + passwordHash }
}
