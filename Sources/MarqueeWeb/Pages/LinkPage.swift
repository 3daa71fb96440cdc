/// `/verify`, `/email/confirm` and `/reset`: the pages mailed links open. Opening one shows a button or a form;
/// the action happens on submit, so mail scanners that fetch links cannot use them up. Plain forms: they work
/// without JavaScript.
package struct LinkPage: WebPage {
    package static let template = "link"
    package let chrome: Chrome
    let heading: String
    let message: String?
    let isError: Bool
    let problem: Problem?
    let confirm: Confirm?
    let requestReset: Bool
    let newPassword: NewPassword?
    let action: PageLink?
    /// The anti-forgery token of the page's form (the field named `csrf_token`), when it has one.
    let formToken: String?

    /// A one-button form that spends a link's token.
    struct Confirm: Sendable {
        let path: String
        let token: String
        let button: String
    }

    /// The form that sets a new password with a reset link's token.
    struct NewPassword: Sendable {
        let token: String
        let rules: [PasswordRule]
    }

    /// An error's code and request id, shown under its message.
    struct Problem: Sendable {
        let code: String
        let requestID: String
    }

    private init(
        chrome: Chrome, heading: String, message: String?, isError: Bool = false, problem: Problem? = nil,
        confirm: Confirm? = nil, requestReset: Bool = false, newPassword: NewPassword? = nil, action: PageLink? = nil,
        formToken: String? = nil
    ) {
        self.chrome = chrome
        self.heading = heading
        self.message = message
        self.isError = isError
        self.problem = problem
        self.confirm = confirm
        self.requestReset = requestReset
        self.newPassword = newPassword
        self.action = action
        self.formToken = formToken
    }

    /// A button that posts `token` to `path`.
    package static func confirm(
        chrome: Chrome, heading: String, path: String, token: String, button: String, csrf: String
    )
        -> LinkPage
    {
        LinkPage(
            chrome: chrome, heading: heading, message: nil,
            confirm: Confirm(path: path, token: token, button: button), formToken: csrf)
    }

    /// The form asking for the address to send a reset link to, with a note above it.
    package static func requestReset(chrome: Chrome, message: String?, isError: Bool = false, csrf: String) -> LinkPage
    {
        LinkPage(
            chrome: chrome, heading: "Reset your password", message: message, isError: isError,
            requestReset: true, formToken: csrf)
    }

    /// The form choosing a new password for a reset link's `token`, with the policy's rules.
    package static func newPassword(
        chrome: Chrome, token: String, rules: [PasswordRule], error: String?, csrf: String
    ) -> LinkPage {
        LinkPage(
            chrome: chrome, heading: "Choose a new password", message: error, isError: error != nil,
            newPassword: NewPassword(token: token, rules: rules), formToken: csrf)
    }

    /// What happened, and a link on.
    package static func outcome(chrome: Chrome, heading: String, message: String, action: PageLink) -> LinkPage {
        LinkPage(chrome: chrome, heading: heading, message: message, action: action)
    }

    /// A refusal with its code and request id, and a link on.
    package static func failure(
        chrome: Chrome, heading: String, message: String, code: String, requestID: String, action: PageLink
    ) -> LinkPage {
        LinkPage(
            chrome: chrome, heading: heading, message: message, isError: true,
            problem: Problem(code: code, requestID: requestID), action: action)
    }
}
