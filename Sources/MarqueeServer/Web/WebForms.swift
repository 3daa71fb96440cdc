/// A form this server drew, carrying `FormGuard`'s token in its `csrf_token` field.
protocol GuardedForm: Decodable {
    var csrfToken: String? { get }
}

/// The sign-in and sign-up pages' form.
struct CredentialsForm: GuardedForm {
    var email: String?
    var password: String?
    /// On the create-account page: what the app is to be about.
    var experience: String?
    /// Where to go once signed in: a path on this site.
    var next: String?
    var csrfToken: String?

    private enum CodingKeys: String, CodingKey {
        case email, password, experience, next
        case csrfToken = "csrf_token"
    }
}

/// The forms of the pages mailed links open: confirming with the link's token, asking for a reset link, and
/// choosing a new password.
struct LinkForm: GuardedForm {
    var token: String?
    var email: String?
    var password: String?
    var passwordAgain: String?
    var csrfToken: String?

    private enum CodingKeys: String, CodingKey {
        case token, email, password
        case passwordAgain = "password_again"
        case csrfToken = "csrf_token"
    }
}
