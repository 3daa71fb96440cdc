import Foundation
import HTTPTypes
import Hummingbird
import MarqueeAccounts
import MarqueeCore
import MarqueeStore
import MarqueeWeb
import MarqueeWire

extension WebPages {
    /// The pages mailed links open (`/verify`, `/email/confirm`, `/reset`). Visitors are usually signed out, so
    /// their forms carry `FormGuard`'s double-submit token instead of the session's.
    func registerLinkPages(on router: Router<MarqueeRequestContext>) {
        router.get("verify") { request, _ in
            if let done = LinkOutcome(request) { return try await outcomePage(done, request) }
            return try await confirmPage(
                request, heading: "Confirm your email address", path: "/verify", button: "Confirm my address")
        }
        router.post("verify") { request, context in
            try await linkAction(request, context, heading: "Confirm your email address", path: "/verify") { form in
                switch try await accounts.verify(token: form.token ?? "") {
                case .verified: .verified
                case .alreadyVerified: .alreadyVerified
                case .merged: .merged
                }
            }
        }
        router.get("email/confirm") { request, _ in
            if let done = LinkOutcome(request) { return try await outcomePage(done, request) }
            return try await confirmPage(
                request, heading: "Confirm your new email address", path: "/email/confirm", button: "Use this address")
        }
        router.post("email/confirm") { request, context in
            try await linkAction(request, context, heading: "Confirm your new email address", path: "/email/confirm") {
                form in
                _ = try await accounts.confirmEmailChange(token: form.token ?? "")
                return .emailChanged
            }
        }
        router.get("reset") { request, context in
            if let done = LinkOutcome(request), done == .passwordChanged { return try await outcomePage(done, request) }
            let visit = await visit(request)
            let csrf = FormGuard.newToken(authenticator)
            if LinkOutcome(request) == .resetSent {
                let page = LinkPage.requestReset(
                    chrome: linkChrome("Reset your password", visit), message: LinkOutcome.resetSent.message(for: nil),
                    csrf: csrf)
                return FormGuard.attach(csrf, to: try linkPage(page), cookies: authenticator)
            }
            if let token = linkToken(request) {
                // A link that cannot set the password any more says so now, not after the password was typed twice.
                do {
                    try await accounts.checkResetLink(token: token)
                } catch let error as DomainError where error.code.httpStatus < 500 {
                    return try failure(
                        error, context, heading: "Reset your password", visit: visit,
                        action: PageLink(href: "/reset", label: "Ask for a new link"))
                }
            }
            let page =
                if let token = linkToken(request) {
                    LinkPage.newPassword(
                        chrome: linkChrome("Choose a new password", visit), token: token, rules: Self.passwordRules,
                        error: nil, csrf: csrf)
                } else {
                    LinkPage.requestReset(chrome: linkChrome("Reset your password", visit), message: nil, csrf: csrf)
                }
            return FormGuard.attach(csrf, to: try linkPage(page), cookies: authenticator)
        }
        router.post("reset") { request, context in
            let (form, verified) = try await FormGuard.submitted(LinkForm.self, request, authenticator)
            guard let csrf = verified else { throw formExpired }
            let visit = await visit(request)
            guard let token = form.token, !token.isEmpty else {
                let chrome = linkChrome("Reset your password", visit)
                do {
                    try await accounts.requestPasswordReset(
                        email: form.email ?? "", client: ClientInfo(request, context))
                    return LinkOutcome.resetSent.redirect(from: "/reset", responses)
                } catch let error as DomainError {
                    var response = try linkPage(
                        LinkPage.requestReset(chrome: chrome, message: error.message, isError: true, csrf: csrf),
                        status: .init(code: error.code.httpStatus))
                    response.setRetryAfter(for: error)
                    return response
                }
            }
            let retry = { (message: String) in
                try linkPage(
                    LinkPage.newPassword(
                        chrome: linkChrome("Choose a new password", visit), token: token, rules: Self.passwordRules,
                        error: message,
                        csrf: csrf),
                    status: .badRequest)
            }
            guard form.password == form.passwordAgain else {
                return try retry("The two passwords are not the same.")
            }
            do {
                try await accounts.confirmPasswordReset(
                    token: token, newPassword: form.password ?? "", client: ClientInfo(request, context))
            } catch let error as DomainError where error.code == .weakPassword {
                return try retry(error.message)
            } catch let error as DomainError {
                return try failure(
                    error, context, heading: "Reset your password", visit: visit,
                    action: PageLink(href: "/reset", label: "Ask for a new link"))
            }
            return LinkOutcome.passwordChanged.redirect(from: "/reset", responses)
        }
    }

    /// What a link's form did, drawn for whoever is visiting now.
    private func outcomePage(_ done: LinkOutcome, _ request: Request) async throws -> Response {
        let visit = await visit(request)
        let signedIn = visit.user.map { !$0.isGuest } ?? false
        let action =
            signedIn && done != .passwordChanged
            ? PageLink(href: "/account", label: "Your account") : PageLink(href: "/signin", label: "Sign in")
        return try linkPage(
            LinkPage.outcome(
                chrome: linkChrome(done.heading, visit), heading: done.heading, message: done.message(for: visit.user),
                action: action))
    }

    /// A link's page: one button that spends its token.
    private func confirmPage(_ request: Request, heading: String, path: String, button: String) async throws -> Response
    {
        guard let token = linkToken(request) else {
            throw DomainError(.linkInvalid, "This link is incomplete. Open the whole link from the mail.")
        }
        let visit = await visit(request)
        let csrf = FormGuard.newToken(authenticator)
        let page = LinkPage.confirm(
            chrome: linkChrome(heading, visit), heading: heading, path: path, token: token, button: button, csrf: csrf)
        return FormGuard.attach(csrf, to: try linkPage(page), cookies: authenticator)
    }

    /// Runs a link's action for a submitted form, then sends the browser to the page saying what happened (so
    /// reloading that page does not send the form again).
    private func linkAction(
        _ request: Request, _ context: MarqueeRequestContext, heading: String, path: String,
        _ action: (LinkForm) async throws -> LinkOutcome
    ) async throws -> Response {
        let (form, token) = try await FormGuard.submitted(LinkForm.self, request, authenticator)
        guard token != nil else { throw formExpired }
        do {
            return try await action(form).redirect(from: path, responses)
        } catch let error as DomainError {
            let visit = await visit(request)
            return try failure(
                error, context, heading: heading, visit: visit,
                action: PageLink(href: "/signin", label: "Go to sign in"))
        }
    }

    /// A refused link, with its code and request id.
    private func failure(
        _ error: DomainError, _ context: MarqueeRequestContext, heading: String, visit: WebVisit, action: PageLink
    ) throws -> Response {
        let page = LinkPage.failure(
            chrome: linkChrome(heading, visit), heading: heading, message: error.message, code: error.code.rawValue,
            requestID: context.requestID, action: action)
        return try linkPage(page, status: .init(code: error.code.httpStatus))
    }

    /// A submission without a valid form token: it expired, or another site made the browser send it.
    var formExpired: DomainError {
        DomainError(
            .csrfFailed, "This form has expired or came from another site. Go back, reload the page and try again.")
    }

    /// A link page: never stored, since it may hold a link's token.
    private func linkPage<Page: WebPage>(_ page: Page, status: HTTPResponse.Status = .ok) throws -> Response {
        try responses.page(page, status: status, cacheControl: "no-store")
    }

    private func linkChrome(_ title: String, _ visit: WebVisit) -> Chrome {
        chrome(title, .other, visit, scripts: ["forms.js"])
    }

    private func linkToken(_ request: Request) -> String? {
        request.linkValue("token").flatMap(\.nonEmpty)
    }
}
