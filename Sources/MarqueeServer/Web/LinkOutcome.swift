import Hummingbird
import MarqueeStore

/// What a mailed link's form did, carried as `?done=` by the redirect that follows it (post/redirect/get): the page
/// that says so can be reloaded, or come back to, without sending the form again.
enum LinkOutcome: String {
    case verified
    case alreadyVerified = "already_verified"
    case merged
    case emailChanged = "email_changed"
    case resetSent = "reset_sent"
    case passwordChanged = "password_changed"

    /// The outcome a page's `done` names, if any.
    init?(_ request: Request) {
        guard let value = request.linkValue("done"), let outcome = Self(rawValue: value) else { return nil }
        self = outcome
    }

    /// The 303 to `path` that shows this outcome.
    func redirect(from path: String, _ responses: WebResponses) -> Response {
        responses.redirect(to: "\(path)?done=\(rawValue)")
    }

    var heading: String {
        switch self {
        case .verified, .alreadyVerified, .merged: "Confirm your email address"
        case .emailChanged: "Confirm your new email address"
        case .resetSent: "Reset your password"
        case .passwordChanged: "Password changed"
        }
    }

    /// The message, for the person visiting now (nobody, a guest, or someone signed in).
    func message(for viewer: UserRecord?) -> String {
        let signedIn = viewer.map { !$0.isGuest } ?? false
        return switch self {
        case .verified:
            signedIn
                ? "Your email address is confirmed." : "Your email address is confirmed. You can now sign in with it."
        case .alreadyVerified:
            signedIn ? "Your email address is confirmed." : "Your email address was already confirmed. You can sign in."
        case .merged:
            "Everything saved as a guest was moved into your account." + (signedIn ? "" : " Sign in to see it.")
        // Not naming the address: whoever is signed in on this browser may not be the account that changed.
        case .emailChanged: "The account's email address is changed. Sign in with the new one from now on."
        case .resetSent: "If this address has an account, a link to reset its password is on its way."
        case .passwordChanged: "Your new password is set and every device was signed out. Sign in with it now."
        }
    }
}
