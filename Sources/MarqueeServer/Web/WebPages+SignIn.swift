import Hummingbird
import MarqueeAccounts
import MarqueeCore
import MarqueeStore
import MarqueeWeb
import MarqueeWire

extension WebPages {
    /// `/signin` and `/signup`. With scripts, the form calls the API and never posts; without them (or sent before
    /// the scripts have loaded) it posts here, form-encoded, guarded by `FormGuard`'s token: never a GET, which would
    /// put the password in the address bar, the history and every proxy's log.
    func registerSignInPages(on router: Router<MarqueeRequestContext>) {
        router.get("signin") { request, context in
            try await rendering(request, context) { visit in
                let next = safeNext(request)
                if case .member = visit.viewer { return responses.redirect(to: next) }
                return try authPage(signUp: false, visit: visit, next: next)
            }
        }
        router.post("signin") { request, context in
            try await rendering(request, context) { visit in
                let (form, next) = try await submittedForm(request)
                do {
                    // A guest signed in on this browser is taken along, as the API does for the web app's own call.
                    let signedIn = try await accounts.signIn(
                        email: form.email ?? "", password: form.password ?? "", guest: visit.auth, web: true,
                        client: ClientInfo(request, context))
                    guard case .web(let session) = signedIn.session else {
                        throw DomainError(.internal, "Something went wrong on our side. Please try again.")
                    }
                    var response = responses.redirect(to: next)
                    response.headers.setCookies(authenticator.sessionCookies(session.cookieValue, of: signedIn.user.id))
                    return response
                } catch let error as DomainError where error.code.httpStatus < 500 {
                    return try authPage(signUp: false, visit: visit, next: next, email: form.email, error: error)
                }
            }
        }
        router.get("signup") { request, context in
            try await rendering(request, context) { visit in
                let next = safeNext(request)
                if case .member = visit.viewer { return responses.redirect(to: next) }
                if visit.viewer == .guest { return responses.redirect(to: "/account#upgrade") }
                return try authPage(signUp: true, visit: visit, next: next)
            }
        }
        router.post("signup") { request, context in
            try await rendering(request, context) { visit in
                let (form, next) = try await submittedForm(request)
                do {
                    try await accounts.signUp(
                        email: form.email ?? "", password: form.password ?? "",
                        experience: try ProfileUpdate.experience(form.experience), client: ClientInfo(request, context))
                    return try responses.page(
                        AuthPage(
                            chrome: chrome("Create account", .other, visit, scripts: ["forms.js"]), signUp: true,
                            next: next,
                            rules: Self.passwordRules, notice: Self.signUpSent, csrf: "", done: true))
                } catch let error as DomainError where error.code.httpStatus < 500 {
                    return try authPage(
                        signUp: true, visit: visit, next: next, email: form.email, error: error,
                        experience: form.experience.flatMap(Experience.init(rawValue:)) ?? .standard)
                }
            }
        }
    }

    /// What a finished sign-up says (the script shows the same).
    static let signUpSent = "Check your mail: we sent a link to confirm the address. Follow it, then sign in."

    /// The form's fields once its token is checked, and where to go after (a path on this site, else home).
    private func submittedForm(_ request: Request) async throws -> (fields: CredentialsForm, next: String) {
        let (form, token) = try await FormGuard.submitted(CredentialsForm.self, request, authenticator)
        guard token != nil else { throw formExpired }
        return (form, Self.sitePath(form.next) ?? "/")
    }

    /// The sign-in or sign-up page with a new form token; drawn again after a refused submission, with the address
    /// typed, the reason, and the error's status (and `Retry-After` when throttled).
    private func authPage(
        signUp: Bool, visit: WebVisit, next: String, email: String? = nil, error: DomainError? = nil,
        experience: Experience = .standard
    ) throws -> Response {
        let notice =
            !signUp && visit.viewer == .guest
            ? "You are browsing as a guest. Sign in, and what you saved as a guest moves into your account." : nil
        let csrf = FormGuard.newToken(authenticator)
        let page = AuthPage(
            chrome: chrome(signUp ? "Create account" : "Sign in", .other, visit, scripts: ["forms.js"]), signUp: signUp,
            next: next, rules: Self.passwordRules, notice: notice, csrf: csrf, email: email ?? "",
            error: error?.message,
            experience: experience)
        var response = try responses.page(
            page, status: error.map { .init(code: $0.code.httpStatus) } ?? .ok, cacheControl: "no-store")
        if let error { response.setRetryAfter(for: error) }
        return FormGuard.attach(csrf, to: response, cookies: authenticator)
    }
}
