package import Foundation
package import Logging
package import MarqueeCore
package import MarqueeStore
package import MarqueeWire

/// Every account flow: sign-up with verification, sign-in, guests and their upgrade, Google, reset and change of
/// password and email, profile and deletion. Routes and the web app call this; it knows nothing of HTTP.
package struct AccountService: Sendable {
    /// Lifetimes and limits.
    package struct Policy: Sendable {
        /// How long a verification (or merge, or email change) link works.
        package var verifyLinkLifetime: TimeInterval = 24 * 3600
        /// How long a password-reset link works.
        package var resetLinkLifetime: TimeInterval = 3600
        /// How recent a sign-in must be for deletion without the password.
        package var recentSignIn: TimeInterval = 5 * 60
        /// Guests (and never-verified accounts) unused this long are removed.
        package var abandonedAfter: TimeInterval = 30 * 86_400

        /// The defaults above.
        package init() {}
    }

    let users: any UserStore
    let links: any OneTimeTokenStore
    let tokens: TokenIssuer
    let hasher: any PasswordHasher
    let passwordPolicy: PasswordPolicy
    let mailer: any Mailer
    let mail: AccountMail
    let throttle: any AttemptLimiter
    let identity: (any IdentityTokenVerifier)?
    let transfer: any GuestDataTransfer
    let policy: Policy
    let decoy = DecoyHash()
    let logger: Logger
    let now: @Sendable () -> Date

    /// Creates the service from its parts.
    package init(
        users: any UserStore, links: any OneTimeTokenStore, tokens: TokenIssuer, hasher: any PasswordHasher,
        mailer: any Mailer, baseURL: PublicBaseURL, throttle: any AttemptLimiter,
        identity: (any IdentityTokenVerifier)? = nil, transfer: any GuestDataTransfer = NoGuestData(),
        passwordPolicy: PasswordPolicy = PasswordPolicy(), policy: Policy = Policy(), logger: Logger,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.users = users
        self.links = links
        self.tokens = tokens
        self.hasher = hasher
        self.passwordPolicy = passwordPolicy
        self.mailer = mailer
        self.mail = AccountMail(baseURL: baseURL)
        self.throttle = throttle
        self.identity = identity
        self.transfer = transfer
        self.policy = policy
        self.logger = logger
        self.now = now
    }

    /// Whether Google sign-in is configured.
    package var googleEnabled: Bool { identity != nil }

    // MARK: Sign-up and verification

    /// Creates an email account and mails its verification link. Answers the same whether or not the address has
    /// an account: an existing owner is mailed instead, and nobody is signed in.
    package func signUp(email rawEmail: String, password: String, experience: Experience? = nil, client: ClientInfo)
        async throws
    {
        let email = try EmailAddress(rawEmail).value
        try await throttle.attempt(["signup:ip:\(client.network)", "signup:email:\(email)"])
        try passwordPolicy.validate(password)
        let passwordHash = try await hasher.hash(password)
        if let existing = try await users.user(email: email) {
            if existing.emailVerified || existing.googleSubject != nil {
                try await mailer.send(mail.accountExists(to: email))
            } else {
                // Never verified, so nobody has proved this mailbox yet: its owner gets a link to choose the password
                // (whoever created the pending account may not be them).
                let token = try await issueLink(
                    .resetPassword, for: existing.id, payload: nil, lifetime: policy.resetLinkLifetime)
                try await mailer.send(mail.finishSignUp(to: email, token: token))
            }
            return
        }
        let user = UserRecord(
            email: email, passwordHash: passwordHash, createdAt: now(),
            profile: UserProfile(experience: experience?.rawValue))
        do {
            try await users.insert(user)
        } catch let error as DomainError where error.code == .accountExists {
            try await mailer.send(mail.accountExists(to: email))
            return
        }
        try await sendVerification(to: user)
    }

    /// Mails a fresh verification link when the address has an unverified account; answers the same otherwise.
    package func resendVerification(email rawEmail: String, client: ClientInfo) async throws {
        let email = try EmailAddress(rawEmail).value
        try await throttle.attempt(["resend:ip:\(client.network)", "resend:email:\(email)"])
        guard let user = try await users.user(email: email), !user.emailVerified, user.disabledAt == nil else { return }
        try await sendVerification(to: user)
    }

    /// Follows a link from a verification mail: it confirms a new account's address, moves a guest into the account
    /// whose address it tried to take, or gives a guest the address it asked for. The link's record says which.
    package func verify(token: String) async throws -> VerificationOutcome {
        let at = now()
        let outcome = try await links.consume(
            tokenHash: TokenIssuer.hash(token), purposes: [.verifyEmail, .mergeGuest, .upgradeGuest], at: at)
        switch outcome.record?.purpose {
        case .mergeGuest: return try await mergeGuest(outcome, at: at)
        case .upgradeGuest: return try await completeUpgrade(outcome, at: at)
        default: return try await confirmAddress(outcome, at: at)
        }
    }

    private func confirmAddress(_ outcome: OneTimeTokenOutcome, at: Date) async throws -> VerificationOutcome {
        switch outcome {
        case .consumed(let link):
            // The link confirms the address it was sent to, and only while the account still has that address.
            guard let user = try await users.user(id: link.userID), let email = user.email, link.payload == email else {
                throw Self.linkInvalid
            }
            if user.emailVerified { return .alreadyVerified }
            let confirmed = try await users.update(id: user.id) { user in
                guard user.email == email else { throw Self.linkInvalid }
                user.emailVerified = true
                user.lastActiveAt = at
            }
            guard confirmed != nil else { throw Self.linkInvalid }
            try await links.withdrawAll(userID: user.id, purpose: .verifyEmail, at: at)
            return .verified
        case .alreadyUsed(let link):
            guard let user = try await users.user(id: link.userID), user.emailVerified, user.email == link.payload
            else {
                throw Self.linkUsed
            }
            return .alreadyVerified
        case .expired:
            throw DomainError(.linkExpired, "This link has expired. Sign in to have a new one sent.")
        case .unknown:
            throw Self.linkInvalid
        }
    }

    private func mergeGuest(_ outcome: OneTimeTokenOutcome, at: Date) async throws -> VerificationOutcome {
        switch outcome {
        case .consumed(let link):
            // The link belongs to the account it was mailed to; the guest is its payload (and must still be a guest).
            guard let guest = link.payload.flatMap(UserID.init), try await users.user(id: guest)?.isGuest == true else {
                throw Self.linkInvalid
            }
            do {
                try await absorb(guest, into: link.userID)
            } catch {
                // Refused (the item limit) or cut short (storage): the guest is still there, so the link should work
                // again once room is made or the database is back.
                try? await links.release(tokenHash: link.tokenHash, usedAt: at)
                throw error
            }
            logger.info(
                "Guest merged into an existing account", metadata: ["guest": "\(guest)", "user": "\(link.userID)"])
            return .merged
        case .alreadyUsed: throw Self.linkUsed
        case .expired:
            throw DomainError(
                .linkExpired,
                "This link has expired. Sign in to your account on the device you used as a guest: what the guest "
                    + "saved moves into it.")
        case .unknown: throw Self.linkInvalid
        }
    }

    func sendVerification(to user: UserRecord) async throws {
        guard let email = user.email else { return }
        let token = try await issueLink(.verifyEmail, for: user.id, payload: email, lifetime: policy.verifyLinkLifetime)
        try await mailer.send(mail.verify(to: email, token: token))
    }

    func issueLink(_ purpose: OneTimePurpose, for user: UserID, payload: String?, lifetime: TimeInterval) async throws
        -> String
    {
        let token = TokenIssuer.randomToken()
        let at = now()
        try await links.create(
            OneTimeTokenRecord(
                tokenHash: TokenIssuer.hash(token), purpose: purpose, userID: user, payload: payload, createdAt: at,
                expiresAt: at.addingTimeInterval(lifetime)))
        return token
    }

    static var linkInvalid: DomainError {
        DomainError(.linkInvalid, "This link is not valid. Check that you opened the whole link from the latest mail.")
    }

    static var linkUsed: DomainError {
        DomainError(
            .linkUsed,
            "This link was already used, or a newer one replaced it. If you still need to, ask for a new one.")
    }

    // MARK: Sign-in and sessions

    /// Signs in with email and password. Wrong address and wrong password answer alike. A `guest` signed in on the
    /// same device has what it saved moved into the account (the password proves the account is theirs), as Google
    /// sign-in does; otherwise signing in would strand it.
    package func signIn(
        email rawEmail: String, password: String, guest: Authentication? = nil, web: Bool, client: ClientInfo
    )
        async throws -> SignedIn
    {
        let email = (try? EmailAddress(rawEmail).value) ?? rawEmail.lowercased()
        let keys = ["signin:ip:\(client.network)", "signin:email:\(email)"]
        // Counted before the (slow) check, so parallel guesses cannot all slip in; a success is given back.
        try await throttle.attempt(keys)
        try await countPasswordCheck(client)
        let user = try await users.user(email: email)
        guard try await passwordMatches(password, user: user), let user else {
            throw DomainError(.invalidCredentials, "That email address and password don't match an account.")
        }
        await throttle.refund(keys)
        // The check took a quarter of a second: what it checked must still hold before anything moves in.
        let current = try await unchanged(user)
        guard current.emailVerified else {
            throw DomainError(
                .emailNotVerified,
                "Confirm your email address first: follow the link we sent to \(email). No mail? Ask for a new one.")
        }
        // Checked before the merge too: a disabled account takes nothing in.
        try Self.requireEnabled(current)
        if let guest = try await guestAccount(guest), guest.id != current.id {
            try await absorb(guest.id, into: current.id)
            logger.info("Guest merged on sign-in", metadata: ["guest": "\(guest.id)", "user": "\(current.id)"])
        }
        return try await startSession(for: user, checkedPassword: true, web: web, client: client)
    }

    /// `user` as stored now, if nothing that ends sessions changed since it was read (a session's start checks the
    /// same again, in its own transaction); else the error that sign-in gets.
    func unchanged(_ user: UserRecord) async throws -> UserRecord {
        let overtaken = DomainError(
            .sessionEnded, "The account changed while you were signing in. Please sign in again.")
        guard let current = try await users.user(id: user.id) else { throw overtaken }
        // The most telling reason first, as the session's start gives them: disabling and a new password also move
        // the generation on.
        try Self.requireEnabled(current)
        guard current.passwordHash == user.passwordHash else {
            throw DomainError(.invalidCredentials, "That email address and password don't match an account.")
        }
        guard current.sessionGeneration == user.sessionGeneration else { throw overtaken }
        return current
    }

    /// Counts a password check against the client's address, right password or not: each costs a quarter of a
    /// second of a core, so one address may ask for six times as many as it may get wrong (60 a minute by default),
    /// however many of them succeed.
    func countPasswordCheck(_ client: ClientInfo) async throws {
        try await throttle.attempt(["password-checks:ip:\(client.network)"], allowance: 6)
    }

    /// Checks a password against a user's hash; with no user (or no password) it still spends the time of a
    /// check, so timing does not tell whether an address has an account.
    func passwordMatches(_ password: String, user: UserRecord?) async throws -> Bool {
        guard let hash = user?.passwordHash else {
            _ = try await hasher.verify(password, against: try await decoy.hash(using: hasher))
            return false
        }
        return try await hasher.verify(password, against: hash)
    }

    /// Starts a session for `user` as it was read before its sign-in was checked (`checkedPassword`: against its
    /// password hash). The session store starts it only if nothing that ends sessions committed since.
    func startSession(for user: UserRecord, checkedPassword: Bool, web: Bool, client: ClientInfo) async throws
        -> SignedIn
    {
        try Self.requireEnabled(user)
        let precondition = SessionPrecondition(user, checkedPassword: checkedPassword)
        let session: SessionStart =
            web
            ? .web(try await tokens.startWebSession(for: user.id, requiring: precondition, client: client.description))
            : .tokens(try await tokens.startSession(for: user.id, requiring: precondition, client: client.description))
        var user = user
        user.lastActiveAt = now()
        return SignedIn(user: user, session: session)
    }

    /// Starts a session for the account as it is now (after a flow that changed it, or ended its sessions).
    func startSession(forAccount id: UserID, web: Bool, client: ClientInfo) async throws -> SignedIn {
        guard let user = try await users.user(id: id) else { throw Self.accountGone }
        return try await startSession(for: user, checkedPassword: false, web: web, client: client)
    }

    /// Creates an anonymous guest account and signs it in.
    package func startGuest(web: Bool, experience: Experience? = nil, client: ClientInfo) async throws -> SignedIn {
        try await throttle.attempt(["guest:ip:\(client.network)"])
        let guest = UserRecord(createdAt: now(), profile: UserProfile(experience: experience?.rawValue))
        try await users.insert(guest)
        return try await startSession(for: guest, checkedPassword: false, web: web, client: client)
    }

    /// Exchanges a refresh token; keeps the account's last-active time fresh (guest expiry is measured from it).
    package func refresh(_ refreshToken: String) async throws -> SessionTokens {
        let next = try await tokens.refresh(refreshToken)
        if let user = try await users.user(id: next.userID) {
            if user.disabledAt != nil {
                try await tokens.endSession(next.sessionID)
                try Self.requireEnabled(user)
            }
            let date = now()
            if date.timeIntervalSince(user.lastActiveAt) > 3600 {
                try await users.update(id: user.id) { $0.lastActiveAt = max($0.lastActiveAt, date) }
            }
        }
        return next
    }

    /// Signs out this device, or every device.
    package func signOut(_ auth: Authentication, everywhere: Bool) async throws {
        if everywhere {
            try await tokens.endAllSessions(of: auth.userID)
        } else {
            try await tokens.endSession(auth.sessionID)
        }
    }

    /// The signed-in account.
    package func account(_ auth: Authentication) async throws -> UserRecord {
        guard let user = try await users.user(id: auth.userID) else { throw Self.accountGone }
        return user
    }

    static var accountGone: DomainError { DomainError(.sessionEnded, "This account no longer exists.") }
}
