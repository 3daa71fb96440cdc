import MarqueeCore
package import MarqueeWire

/// `/signin` and `/signup`: email and password forms checked as the person types, and "Continue as guest" (for a
/// guest already, a link back to where they were: starting another guest would leave their saved items behind).
package struct AuthPage: WebPage {
    package static let template = "auth"
    package let chrome: Chrome
    let signUp: Bool
    let heading: String
    let next: String
    let nextQuery: String
    let rules: [PasswordRule]
    let notice: String?
    let guest: Bool
    let csrf: String
    let email: String
    let error: String?
    let done: Bool
    /// What the app is to be about, offered on the create-account page (Movies & TV first, chosen).
    let experiences: [Choice]

    /// The sign-in (or, with `signUp`, the create-account) page. `next` is where to go after signing in; `csrf` is
    /// the form's double-submit token, for a submission without scripts (which post the form itself). Drawn again
    /// after such a submission, it keeps the `email` typed and shows the `error`; `done` says a sign-up went through
    /// (the form gives way to the `notice`).
    package init(
        chrome: Chrome, signUp: Bool, next: String, rules: [PasswordRule], notice: String? = nil, csrf: String,
        email: String = "", error: String? = nil, done: Bool = false, experience: Experience = .standard
    ) {
        self.chrome = chrome
        self.signUp = signUp
        heading = signUp ? "Create your account" : "Sign in"
        self.next = next
        nextQuery = next.queryValueEncoded
        self.rules = rules
        self.notice = notice
        guest = chrome.viewer == "guest"
        self.csrf = csrf
        self.email = email
        self.error = error
        self.done = done
        experiences = Experience.allCases.map {
            Choice(value: $0.rawValue, label: Self.label(of: $0), selected: $0 == experience)
        }
    }

    /// How the pages name an experience.
    static func label(of experience: Experience) -> String { ExperienceWording.name(experience) }
}
