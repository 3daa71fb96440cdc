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

    /// Sets the token's cookie on a page.
    static func attach(_ token: String, to response: Response, cookies: Authenticator) -> Response {
        var response = response
        response.headers[.setCookie] = cookies.cookie(cookieName, token, path: "/", maxAge: nil, sameSite: "Strict")
        return response
    }

    /// The submitted token when it matches the cookie (compared in constant time), else nil.
    static func verifiedToken(_ form: [String: String], _ request: Request) -> String? {
        guard let submitted = form[fieldName], !submitted.isEmpty, let cookie = request.cookies[cookieName]?.value,
            ConstantTime.equal(submitted, cookie)
        else { return nil }
        return submitted
    }

    /// The fields of an `application/x-www-form-urlencoded` body (at most 16 KiB).
    static func fields(_ request: Request, limit: Int = 16 * 1024) async throws -> [String: String] {
        let buffer = try await request.body.collect(upTo: limit)
        let text = String(decoding: buffer.readableBytesView, as: UTF8.self).replacingOccurrences(of: "+", with: " ")
        var fields: [String: String] = [:]
        for item in URLComponents(string: "?" + text)?.queryItems ?? [] { fields[item.name] = item.value ?? "" }
        return fields
    }
}
