import Foundation
import Hummingbird
import Logging
import MarqueeAccounts
import MarqueeCore
import MarqueeStore

/// The pages mailed links open: `/verify`, `/reset` and `/email/confirm`. Opening a link only shows a button or
/// form; the action happens on submit, so mail scanners that fetch links cannot use them up.
struct AccountLinkPages {
    let accounts: AccountService

    /// The paths these pages use (they are pages, not API routes, so the OpenAPI document leaves them out).
    static let paths: Set<String> = ["/verify", "/reset", "/email/confirm"]

    func register(on router: Router<MarqueeRequestContext>) {
        router.get("verify") { request, _ in
            let csrf = FormGuard.newToken()
            return FormGuard.attach(
                csrf,
                to: confirmPage(
                    title: "Confirm your email address", action: "/verify", token: token(request), button: "Confirm my address",
                    csrf: csrf))
        }
        router.post("verify") { request, context in
            let form = try await HTMLPage.form(request)
            guard FormGuard.verifiedToken(form, request) != nil else {
                return FormGuard.rejection(title: "Confirm your email address")
            }
            return await outcome(title: "Confirm your email address", context: context) {
                switch try await accounts.verify(token: form["token"] ?? "") {
                case .verified: "Your email address is confirmed. You can now sign in with it."
                case .alreadyVerified: "Your email address was already confirmed. You can sign in."
                case .merged: "Everything saved as a guest was moved into your account. Sign in to see it."
                }
            }
        }
        router.get("email/confirm") { request, _ in
            let csrf = FormGuard.newToken()
            return FormGuard.attach(
                csrf,
                to: confirmPage(
                    title: "Confirm your new email address", action: "/email/confirm", token: token(request),
                    button: "Use this address", csrf: csrf))
        }
        router.post("email/confirm") { request, context in
            let form = try await HTMLPage.form(request)
            guard FormGuard.verifiedToken(form, request) != nil else {
                return FormGuard.rejection(title: "Confirm your new email address")
            }
            return await outcome(title: "Confirm your new email address", context: context) {
                let user = try await accounts.confirmEmailChange(token: form["token"] ?? "")
                return "Your account's email address is now \(user.email ?? "changed")."
            }
        }
        router.get("reset") { request, _ in
            let csrf = FormGuard.newToken()
            guard let token = token(request) else {
                return FormGuard.attach(csrf, to: requestResetPage(message: nil, csrf: csrf))
            }
            return FormGuard.attach(csrf, to: resetPage(token: token, error: nil, csrf: csrf))
        }
        router.post("reset") { request, context in
            let form = try await HTMLPage.form(request)
            guard let csrf = FormGuard.verifiedToken(form, request) else {
                return FormGuard.rejection(title: "Reset your password")
            }
            guard let token = form["token"], !token.isEmpty else {
                do {
                    try await accounts.requestPasswordReset(
                        email: form["email"] ?? "", client: ClientInfo(address: context.clientAddress))
                    return requestResetPage(
                        message: "If this address has an account, a link to reset its password is on its way.", csrf: csrf)
                } catch let error as DomainError {
                    var page = requestResetPage(message: error.message, isError: true, csrf: csrf)
                    page.status = .init(code: error.code.httpStatus)
                    if let seconds = error.retryAfterSeconds { page.headers[.retryAfter] = String(seconds) }
                    return page
                }
            }
            guard form["password"] == form["password_again"] else {
                return resetPage(token: token, error: "The two passwords are not the same.", csrf: csrf)
            }
            do {
                try await accounts.confirmPasswordReset(token: token, newPassword: form["password"] ?? "")
                return HTMLPage.response(
                    title: "Password changed", "<p>Your new password is set and every device was signed out. Sign in with it now.</p>")
            } catch let error as DomainError where error.code == .weakPassword {
                return resetPage(token: token, error: error.message, csrf: csrf)
            } catch let error as DomainError {
                return HTMLPage.response(title: "Reset your password", errorParagraph(error, context), status: .init(code: error.code.httpStatus))
            }
        }
    }

    private func token(_ request: Request) -> String? {
        request.uri.queryParameters["token"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
    }

    private func confirmPage(title: String, action: String, token: String?, button: String, csrf: String) -> Response {
        guard let token else {
            return HTMLPage.response(
                title: title, "<p class=\"error\">This link is incomplete. Open the whole link from the mail.</p>",
                status: .badRequest)
        }
        return HTMLPage.response(
            title: title,
            """
            <form method="post" action="\(action)">
            \(FormGuard.field(csrf))
            <input type="hidden" name="token" value="\(HTMLPage.escape(token))">
            <button type="submit">\(HTMLPage.escape(button))</button>
            </form>
            """)
    }

    private func outcome(title: String, context: MarqueeRequestContext, _ action: () async throws -> String) async -> Response {
        do {
            return HTMLPage.response(title: title, "<p>\(HTMLPage.escape(try await action()))</p>")
        } catch let error as DomainError {
            return HTMLPage.response(title: title, errorParagraph(error, context), status: .init(code: error.code.httpStatus))
        } catch {
            context.logger.error("Link page failed", metadata: ["error": "\(error)"])
            return HTMLPage.response(
                title: title, errorParagraph(DomainError(.internal, "Something went wrong on our side. Please try again."), context),
                status: .internalServerError)
        }
    }

    private func errorParagraph(_ error: DomainError, _ context: MarqueeRequestContext) -> String {
        """
        <p class="error">\(HTMLPage.escape(error.message))</p>
        <p class="hint">Error \(HTMLPage.escape(error.code.rawValue)) · request \(HTMLPage.escape(context.requestID))</p>
        """
    }

    private func resetPage(token: String, error: String?, csrf: String) -> Response {
        HTMLPage.response(
            title: "Choose a new password",
            """
            \(error.map { "<p class=\"error\">\(HTMLPage.escape($0))</p>" } ?? "")
            <form method="post" action="/reset">
            \(FormGuard.field(csrf))
            <input type="hidden" name="token" value="\(HTMLPage.escape(token))">
            <label for="password">New password</label>
            <input id="password" name="password" type="password" autocomplete="new-password" minlength="8" maxlength="128" required>
            <label for="password_again">The same again</label>
            <input id="password_again" name="password_again" type="password" autocomplete="new-password" required>
            <p class="hint">8 to 128 characters with a lower-case letter, an upper-case letter and a digit.</p>
            <button type="submit">Set password</button>
            </form>
            """,
            status: error == nil ? .ok : .badRequest)
    }

    private func requestResetPage(message: String?, isError: Bool = false, csrf: String) -> Response {
        HTMLPage.response(
            title: "Reset your password",
            """
            \(message.map { "<p class=\"\(isError ? "error" : "hint")\">\(HTMLPage.escape($0))</p>" } ?? "")
            <form method="post" action="/reset">
            \(FormGuard.field(csrf))
            <label for="email">Email address</label>
            <input id="email" name="email" type="email" autocomplete="email" required>
            <button type="submit">Send me a link</button>
            </form>
            """,
            status: isError ? .badRequest : .ok)
    }
}
