import MarqueeCore
import Foundation
import Hummingbird

/// CSRF protection for forms shown to people who are not signed in (a double-submit token): the page sets a
/// random token in a SameSite=Strict cookie and in a hidden field; a submission must carry both, equal.
/// Another site can make a browser submit a form, but it cannot read or set the cookie.
enum FormGuard {
    static let cookieName = "marquee_form"
    static let fieldName = "csrf_token"

    static func newToken() -> String { Hex.string(Hex.randomBytes(16)) }

    /// The hidden field for a form.
    static func field(_ token: String) -> String {
        #"<input type="hidden" name="\#(fieldName)" value="\#(token.markupEscaped)">"#
    }

    /// Sets the token's cookie on a page.
    static func attach(_ token: String, to response: Response) -> Response {
        var response = response
        response.headers[.setCookie] = "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
        return response
    }

    /// The submitted token when it matches the cookie (compared in constant time), else nil.
    static func verifiedToken(_ form: [String: String], _ request: Request) -> String? {
        guard let submitted = form[fieldName], !submitted.isEmpty, let cookie = request.cookies[cookieName]?.value,
            submitted.utf8.count == cookie.utf8.count
        else { return nil }
        let difference = zip(submitted.utf8, cookie.utf8).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) }
        return difference == 0 ? submitted : nil
    }

    /// The page for a submission without a valid token.
    static func rejection(title: String) -> Response {
        HTMLPage.response(
            title: title,
            "<p class=\"error\">This form has expired or came from another site. Go back, reload the page and try again.</p><p class=\"hint\">Error auth.csrf_failed</p>",
            status: .forbidden)
    }
}
