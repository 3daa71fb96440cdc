/// The page for an error: its message, code and request id.
package struct ProblemPage: WebPage {
    package static let template = "problem"
    package let chrome: Chrome
    let message: String
    let code: String
    let requestID: String
    let action: PageLink

    /// An error page; `action` is its way on (the home page unless given).
    package init(chrome: Chrome, message: String, code: String, requestID: String, action: PageLink? = nil) {
        self.chrome = chrome
        self.message = message
        self.code = code
        self.requestID = requestID
        self.action = action ?? PageLink(href: "/", label: "Go home")
    }
}
