import Foundation
import Hummingbird
import MarqueeAccounts
import MarqueeCore

/// CSRF protection for forms shown to people who are not signed in (a signed double-submit token): the page sets a
/// token this server signed in a SameSite=Strict cookie and in a hidden field; a submission must carry both, equal,
/// and come from this site (`Origin`, when the browser sends one). Another site can make a browser submit a form,
/// but it cannot read the cookie, and a site that can set cookies for this one cannot make a token that verifies.
enum FormGuard {
    static let cookieName = "marquee_form"
    static let fieldName = "csrf_token"

    static func newToken(_ authenticator: Authenticator) -> String { authenticator.tokens.newFormToken() }

    /// Sets the token's cookie on a page.
    static func attach(_ token: String, to response: Response, cookies: Authenticator) -> Response {
        var response = response
        response.headers[.setCookie] = cookies.cookie(cookieName, token, path: "/", maxAge: nil, sameSite: "Strict")
        return response
    }

    /// The submitted token when it matches the cookie (compared in constant time), this server signed it, and the
    /// form came from this site; else nil.
    static func verifiedToken(_ submitted: String?, _ request: Request, _ authenticator: Authenticator) -> String? {
        guard authenticator.isSameOrigin(request), let submitted, !submitted.isEmpty,
            let cookie = request.cookies[cookieName]?.value, ConstantTime.equal(submitted, cookie),
            authenticator.tokens.isValidFormToken(submitted)
        else { return nil }
        return submitted
    }

    /// An `application/x-www-form-urlencoded` body (at most 16 KiB) as `F`, and its token once verified (nil when it
    /// is missing, forged or from another site). A body that is not such a form is `request.invalid_body`.
    static func submitted<F: GuardedForm>(_ type: F.Type, _ request: Request, _ authenticator: Authenticator)
        async throws -> (form: F, token: String?)
    {
        let buffer = try await request.body.collect(upTo: 16 * 1024)
        let form: F
        do {
            form = try URLEncodedFormDecoder().decode(
                F.self, from: String(decoding: buffer.readableBytesView, as: UTF8.self))
        } catch {
            throw DomainError(
                .invalidBody, "The form could not be read. Please go back, reload the page and try again.")
        }
        return (form, verifiedToken(form.csrfToken, request, authenticator))
    }
}
