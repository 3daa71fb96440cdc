package import MarqueeStore

/// How a session was started: tokens for API clients, a cookie for the web app.
package enum SessionStart: Sendable, Equatable {
    /// Access + refresh tokens.
    case tokens(SessionTokens)
    /// A browser session cookie.
    case web(WebSession)
}

/// A new session and the account it belongs to.
package struct SignedIn: Sendable {
    /// The account.
    package var user: UserRecord
    /// Its new session.
    package var session: SessionStart
}

/// What following a verification link did.
package enum VerificationOutcome: String, Sendable {
    /// The address is now confirmed; the person can sign in.
    case verified
    /// The link had been used already and the address is confirmed: nothing to do.
    case alreadyVerified = "already_verified"
    /// A guest's data was moved into the existing account the link was mailed to.
    case merged
}
