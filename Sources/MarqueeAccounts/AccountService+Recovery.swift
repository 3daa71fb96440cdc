import Foundation
import MarqueeCore
package import MarqueeStore

extension AccountService {
    // MARK: Password reset

    /// Mails a reset link when the address has an account; answers the same when it does not.
    package func requestPasswordReset(email rawEmail: String, client: ClientInfo) async throws {
        let email = try EmailAddress(rawEmail).value
        try await throttle.attempt(["reset:ip:\(client.network)", "reset:email:\(email)"])
        guard let user = try await users.user(email: email), user.disabledAt == nil else { return }
        let token = try await issueLink(.resetPassword, for: user.id, payload: nil, lifetime: policy.resetLinkLifetime)
        try await mailer.send(mail.reset(to: email, token: token))
    }

    /// Completes a reset: sets the new password and ends every session. The cheap checks come first (the password's
    /// rules, the throttle, the link), so a made-up link costs no bcrypt work; a rejected password leaves the link
    /// working.
    package func confirmPasswordReset(token: String, newPassword: String, client: ClientInfo) async throws {
        try passwordPolicy.validate(newPassword)
        let tokenHash = TokenIssuer.hash(token)
        try await throttle.attempt(["reset-confirm:ip:\(client.network)"])
        let link = try await checkResetLink(tokenHash: tokenHash)
        try await throttle.attempt(["reset-confirm:user:\(link.userID)"])
        let passwordHash = try await hasher.hash(newPassword)
        let at = now()
        switch try await links.consume(tokenHash: tokenHash, purpose: .resetPassword, at: at) {
        case .consumed(let link):
            let user = try await users.update(id: link.userID) { user in
                user.passwordHash = passwordHash
                // Following a mailed link proves the mailbox.
                user.emailVerified = true
            }
            guard let user else { throw Self.linkInvalid }
            // Sessions first: what must not survive the new password ends before anything else can fail.
            try await tokens.endAllSessions(of: user.id)
            try await withdrawPendingLinks(of: user.id, at: at)
            if let email = user.email { try await mailer.send(mail.passwordChanged(to: email)) }
        case .alreadyUsed: throw Self.linkUsed
        case .expired: throw Self.resetLinkExpired
        case .unknown: throw Self.linkInvalid
        }
    }

    /// Throws what following a reset link would (used, expired, unknown) without using it: the page asks for the
    /// new password only when the link can still set it.
    package func checkResetLink(token: String) async throws {
        _ = try await checkResetLink(tokenHash: TokenIssuer.hash(token))
    }

    /// The reset link with this hash, if it can still set a password.
    private func checkResetLink(tokenHash: String) async throws -> OneTimeTokenRecord {
        guard let link = try await links.record(tokenHash: tokenHash), link.purpose == .resetPassword else {
            throw Self.linkInvalid
        }
        if link.usedAt != nil { throw Self.linkUsed }
        if link.expiresAt <= now() { throw Self.resetLinkExpired }
        return link
    }

    static var resetLinkExpired: DomainError {
        DomainError(.linkExpired, "This reset link has expired. Ask for a new one.")
    }

    // MARK: Changes while signed in

    /// Changes the password (the current one is required), ends every other session and starts a new one for
    /// this device.
    package func changePassword(
        _ auth: Authentication, current: String, new: String, client: ClientInfo
    ) async throws -> SignedIn {
        let user = try await account(auth)
        guard let checkedHash = user.passwordHash else {
            throw DomainError(
                .wrongAccountType, "This account has no password to change. Set one with a password reset.")
        }
        try passwordPolicy.validate(new)
        try await checkPassword(current, of: user, client: client)
        let newHash = try await hasher.hash(new)
        let changed = try await users.update(id: user.id) { user in
            // Another change of password committed while this one was checking: it stands, and this one is refused.
            guard user.passwordHash == checkedHash else {
                throw DomainError(.invalidCredentials, "The password is not right.")
            }
            user.passwordHash = newHash
        }
        guard let changed else { throw Self.accountGone }
        try await tokens.endAllSessions(of: user.id)
        try await withdrawPendingLinks(of: user.id, at: now())
        if let email = changed.email { try await mailer.send(mail.passwordChanged(to: email)) }
        return try await startSession(forAccount: user.id, web: auth.method == .cookie, client: client)
    }

    /// Starts an email change: a confirmation link goes to the new address and a notice to the old one. Answers
    /// the same when the new address already has an account (whose owner is told instead).
    package func requestEmailChange(
        _ auth: Authentication, newEmail rawEmail: String, password: String?, client: ClientInfo
    )
        async throws
    {
        let user = try await account(auth)
        guard !user.isGuest else {
            throw DomainError(.wrongAccountType, "A guest has no email address to change. Create an account instead.")
        }
        let newEmail = try EmailAddress(rawEmail).value
        try await throttle.attempt(["email:ip:\(client.network)", "email:user:\(user.id)"])
        if user.passwordHash != nil {
            try await checkPassword(password ?? "", of: user, client: client)
        } else {
            try requireRecentSignIn(auth)
        }
        guard newEmail != user.email else {
            throw DomainError(.invalidEmail, "That is already your email address.")
        }
        if try await users.user(email: newEmail) != nil {
            try await mailer.send(mail.accountExists(to: newEmail))
            return
        }
        let token = try await issueLink(
            .changeEmail, for: user.id, payload: newEmail, lifetime: policy.verifyLinkLifetime)
        try await mailer.send(mail.confirmNewEmail(to: newEmail, token: token))
        if let old = user.email { try await mailer.send(mail.emailChangeRequested(to: old, newAddress: newEmail)) }
    }

    /// Completes an email change from the link mailed to the new address.
    package func confirmEmailChange(token: String) async throws -> UserRecord {
        switch try await links.consume(tokenHash: TokenIssuer.hash(token), purpose: .changeEmail, at: now()) {
        case .consumed(let link):
            guard let newEmail = link.payload,
                let user = try await users.update(
                    id: link.userID,
                    { user in
                        user.email = newEmail
                        user.emailVerified = true
                    })
            else { throw Self.linkInvalid }
            // Links mailed to the old address must not act on the account any more.
            try await withdrawPendingLinks(of: user.id, at: now())
            return user
        case .alreadyUsed(let link):
            if let user = try await users.user(id: link.userID), user.email == link.payload { return user }
            throw Self.linkUsed
        case .expired: throw DomainError(.linkExpired, "This link has expired. Ask for the change again.")
        case .unknown: throw Self.linkInvalid
        }
    }

    /// Checks the password of a signed-in user; failures count towards the sign-in throttle.
    func checkPassword(_ password: String, of user: UserRecord, client: ClientInfo) async throws {
        let keys = ["signin:ip:\(client.network)", "signin:user:\(user.id)"]
        try await throttle.attempt(keys)
        try await countPasswordCheck(client)
        guard try await passwordMatches(password, user: user) else {
            throw DomainError(.invalidCredentials, "The password is not right.")
        }
        await throttle.refund(keys)
    }

    /// Withdraws every unused mailed link of the account (after its password or address changed).
    func withdrawPendingLinks(of user: UserID, at date: Date) async throws {
        for purpose in [OneTimePurpose.resetPassword, .changeEmail, .verifyEmail] {
            try await links.withdrawAll(userID: user, purpose: purpose, at: date)
        }
    }

    func requireRecentSignIn(_ auth: Authentication) throws {
        guard now().timeIntervalSince(auth.signedInAt) <= policy.recentSignIn else {
            throw DomainError(
                .recentLoginRequired, "For your safety, sign in again (or enter your password) to do this.")
        }
    }
}
