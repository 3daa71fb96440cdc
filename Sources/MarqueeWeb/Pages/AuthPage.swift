import MarqueeCore

/// `/signin` and `/signup`: email and password forms checked as the person types, and "Continue as guest" (for a
/// guest already, a link back to where they were: starting another guest would leave their saved items behind).
public struct AuthPage: WebPage {
    public static let template = "auth"
    public let chrome: Chrome
    let signUp: Bool
    let heading: String
    let next: String
    let nextQuery: String
    let rules: [PasswordRule]
    let notice: String?
    let guest: Bool

    /// The sign-in (or, with `signUp`, the create-account) page. `next` is where to go after signing in.
    public init(chrome: Chrome, signUp: Bool, next: String, rules: [PasswordRule], notice: String? = nil) {
        self.chrome = chrome
        self.signUp = signUp
        heading = signUp ? "Create your account" : "Sign in"
        self.next = next
        nextQuery = next.queryValueEncoded
        self.rules = rules
        self.notice = notice
        guest = chrome.viewer == "guest"
    }
}

/// `/downloads`: the titles saved for offline, listed by the script from the browser's storage.
public struct DownloadsPage: WebPage {
    public static let template = "downloads"
    public let chrome: Chrome

    /// The downloads page.
    public init(chrome: Chrome) { self.chrome = chrome }
}

/// The page for an error: its message, code and request id.
public struct ProblemPage: WebPage {
    public static let template = "problem"
    public let chrome: Chrome
    let message: String
    let code: String
    let requestID: String
    let action: PageLink

    /// An error page; `action` is its way on (the home page unless given).
    public init(chrome: Chrome, message: String, code: String, requestID: String, action: PageLink? = nil) {
        self.chrome = chrome
        self.message = message
        self.code = code
        self.requestID = requestID
        self.action = action ?? PageLink(href: "/", label: "Go home")
    }
}
