public import MarqueeWire

/// `/api/v1/auth/*` and `/api/v1/me`: signing up, in and out, and the account itself. Calls that start a session
/// ask for tokens (not a cookie) and hand the session to `sessions`; each returns the account signed in.
extension MarqueeClient {
    /// Creates an account, which is used once its address is confirmed through the mailed link (`verify(token:)`).
    public func signUp(email: String, password: String, experience: Experience? = nil) async throws -> StatusMessage {
        try await value(
            APIRequest(
                "POST", ["auth", "signup"],
                json: SignUpRequest(email: email, password: password, experience: experience?.rawValue)))
    }

    /// Sends the confirmation mail of an account that is waiting for it again.
    public func resendVerification(email: String) async throws -> StatusMessage {
        try await value(APIRequest("POST", ["auth", "verify", "resend"], json: EmailRequest(email: email)))
    }

    /// Confirms an address with the token of the mailed link.
    public func verify(token: String) async throws -> StatusMessage {
        try await value(APIRequest("POST", ["auth", "verify"], json: TokenRequest(token: token)))
    }

    /// Signs in with an address and password. When a guest is signed in, what the guest saved moves into the
    /// account, and the guest is removed.
    @discardableResult
    public func signIn(email: String, password: String) async throws -> Account {
        try await startSession(
            APIRequest(
                "POST", ["auth", "signin"],
                json: CredentialsRequest(email: email, password: password, session: "tokens"),
                authentication: .ifSignedIn(guestOnly: true)))
    }

    /// Starts a guest: an account without an address, which can later be upgraded (`upgrade`) or signed in from.
    @discardableResult
    public func startGuest(experience: Experience? = nil) async throws -> Account {
        try await startSession(
            APIRequest(
                "POST", ["auth", "guest"], json: GuestRequest(session: "tokens", experience: experience?.rawValue)))
    }

    /// Signs in with the ID token Google gave the app; a guest signed in now becomes (or moves into) that account.
    @discardableResult
    public func signInWithGoogle(idToken: String) async throws -> Account {
        try await startSession(
            APIRequest(
                "POST", ["auth", "google"], json: GoogleSignInRequest(idToken: idToken, session: "tokens"),
                authentication: .ifSignedIn(guestOnly: true)))
    }

    /// Asks to make the signed-in guest an account with this address and password: a confirmation mail goes out,
    /// and the guest stays signed in (with everything saved) until its link is followed.
    public func upgrade(email: String, password: String) async throws -> StatusMessage {
        try await value(
            APIRequest(
                "POST", ["auth", "upgrade"], json: UpgradeRequest(email: email, password: password),
                authentication: .required))
    }

    /// Makes the signed-in guest the Google account of `idToken`, keeping what it saved.
    @discardableResult
    public func upgrade(googleIDToken: String) async throws -> Account {
        try await startSession(
            APIRequest(
                "POST", ["auth", "upgrade"], json: UpgradeRequest(idToken: googleIDToken), authentication: .required))
    }

    /// Signs out this device, or with `everywhere` every device of the account. The session is forgotten here
    /// whatever happens; this throws when the server could not be told (then the other devices, with
    /// `everywhere`, are still signed in).
    public func signOut(everywhere: Bool = false) async throws {
        var request = try APIRequest(
            "POST", ["auth", "signout"], json: SignOutRequest(everywhere: everywhere ? true : nil),
            authentication: .required)
        // A token turned down means the session has ended already: nothing to renew it for.
        request.renewsRejectedToken = false
        var failure: MarqueeError?
        do throws(MarqueeError) {
            _ = try await send(request)
        } catch .signedOut {
            // No one was signed in.
        } catch .server(_, _, 401, _, _) {
            // The server had ended the session already.
        } catch {
            failure = error
        }
        try await sessions.signOut()
        if let failure { throw failure }
    }

    /// Mails a link to set a new password, if the address has an account (the answer is the same if not).
    public func requestPasswordReset(email: String) async throws -> StatusMessage {
        try await value(APIRequest("POST", ["auth", "password", "reset"], json: EmailRequest(email: email)))
    }

    /// Sets a new password with the token of the mailed link; every device of the account is signed out.
    public func resetPassword(token: String, newPassword: String) async throws -> StatusMessage {
        try await value(
            APIRequest(
                "POST", ["auth", "password", "reset", "confirm"],
                json: PasswordResetRequest(token: token, password: newPassword)))
    }

    /// Changes the signed-in person's password: every other device is signed out, and this one gets a new session.
    @discardableResult
    public func changePassword(current: String, new: String) async throws -> Account {
        try await startSession(
            APIRequest(
                "POST", ["auth", "password", "change"],
                json: PasswordChangeRequest(currentPassword: current, newPassword: new), authentication: .required))
    }

    /// Asks to move the account to a new address (with the password, when the account has one): a link goes to the
    /// new address, and `confirmEmailChange(token:)` takes its token.
    public func changeEmail(to email: String, password: String? = nil) async throws -> StatusMessage {
        try await value(
            APIRequest(
                "POST", ["auth", "email", "change"], json: EmailChangeRequest(email: email, password: password),
                authentication: .required))
    }

    /// Confirms a new address with the token of the link mailed to it.
    public func confirmEmailChange(token: String) async throws -> StatusMessage {
        try await value(APIRequest("POST", ["auth", "email", "change", "confirm"], json: TokenRequest(token: token)))
    }

    /// The signed-in account.
    public func me() async throws -> Account {
        let account: Account = try await value(APIRequest("GET", ["me"], authentication: .required))
        await sessions.noteAccount(account)
        return account
    }

    /// Changes the signed-in person's profile: fields left as `.keep` stay, `.clear` ones go back to the default.
    @discardableResult
    public func updateProfile(_ changes: ProfileChanges) async throws -> Account {
        let account: Account = try await value(
            APIRequest("PATCH", ["me"], json: changes, authentication: .required))
        await sessions.noteAccount(account)
        return account
    }

    /// Deletes the signed-in account and everything in it (`password` is needed when the account has one), and
    /// forgets its session here.
    public func deleteAccount(password: String? = nil) async throws -> StatusMessage {
        var request = try APIRequest(
            "DELETE", ["me"], json: DeleteAccountRequest(password: password), authentication: .required)
        // Sent again after an answer that was lost, it would find the session gone with the account.
        request.retryable = false
        let answer: StatusMessage = try await value(request)
        try? await sessions.signOut()
        return answer
    }

    /// Sends a call whose answer is a new session, and makes it the current one.
    private func startSession(_ request: APIRequest) async throws(MarqueeError) -> Account {
        let reply = try await send(request)
        guard let answer = try? reply.decode(Session.self), let account = answer.user,
            await sessions.signedIn(answer) != nil
        else { throw .unreadableResponse(status: reply.status) }
        return account
    }
}

extension Connection {
    /// `POST /api/v1/auth/refresh`: new tokens for `refreshToken`. Sent once and never again by itself: the token is
    /// spent by the server's first answer, whether or not that answer arrives.
    func refresh(_ refreshToken: String) async throws -> Session {
        let reply = try await send(
            APIRequest("POST", ["auth", "refresh"], json: RefreshRequest(refreshToken: refreshToken)), token: nil)
        guard reply.isSuccess else { throw reply.error }
        return try reply.decode(Session.self)
    }
}
