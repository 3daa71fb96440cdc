import Foundation
import HTTPTypes
import Hummingbird
import MarqueeAccounts
import MarqueeCore
import MarqueeStore
import MarqueeWire

/// `/api/v1/auth/*` and `/api/v1/me`: the account lifecycle over HTTP. Every flow lives in `AccountService`; this
/// type reads bodies, picks tokens or a cookie, and shapes answers.
struct AccountRoutes {
    let accounts: AccountService
    let authenticator: Authenticator
    /// Tells the account's other devices (their live streams) that its profile changed.
    let profileChanged: @Sendable (UserRecord) -> Void
    let now: @Sendable () -> Date

    func register(on router: Router<MarqueeRequestContext>) {
        let auth = router.group("api/v1/auth")
        let signedIn = { (path: RouterPath) in
            router.group(path).add(middleware: AuthenticationMiddleware(authenticator: authenticator))
                .group(context: SignedInRequestContext.self)
        }
        let authSignedIn = signedIn("api/v1/auth")
        auth.post("signup") { request, context in
            let body = try await JSONBody.decode(SignUpRequest.self, from: request, context: context)
            try await accounts.signUp(
                email: body.email, password: body.password, experience: try ProfileUpdate.experience(body.experience),
                client: ClientInfo(request, context))
            return try status(
                .accepted, "verification_sent",
                "Check your mail: we sent a link to confirm the address. Follow it, then sign in.")
        }
        auth.post("verify/resend") { request, context in
            let body = try await JSONBody.decode(EmailRequest.self, from: request, context: context)
            try await accounts.resendVerification(email: body.email, client: ClientInfo(request, context))
            return try status(
                .accepted, "verification_sent",
                "If this address has an account waiting for confirmation, a new link is on its way.")
        }
        auth.post("verify") { request, context in
            let body = try await JSONBody.decode(TokenRequest.self, from: request, context: context)
            let outcome = try await accounts.verify(token: body.token)
            let message =
                switch outcome {
                case .verified: "Your email address is confirmed. You can sign in now."
                case .alreadyVerified: "Your email address was already confirmed. You can sign in."
                case .merged: "The guest's saved items were moved into your account. Sign in to see them."
                }
            return try status(.ok, outcome.rawValue, message)
        }
        auth.post("signin") { request, context in
            let body = try await JSONBody.decode(
                CredentialsRequest.self, from: request, context: context)
            // A guest whose sign-in cannot be read (ended, or a cookie without its CSRF token) is simply not taken
            // along: the sign-in itself needs neither.
            let current = try? await authenticator.optionalAuthentication(request)
            let signedIn = try await accounts.signIn(
                email: body.email, password: body.password, guest: current, web: try wantsCookie(body.session),
                client: ClientInfo(request, context))
            return try sessionResponse(signedIn, status: .ok)
        }
        auth.post("guest") { request, context in
            let body = try await JSONBody.decode(GuestRequest.self, from: request, context: context, allowEmpty: true)
            let signedIn = try await accounts.startGuest(
                web: try wantsCookie(body.session), experience: try ProfileUpdate.experience(body.experience),
                client: ClientInfo(request, context))
            return try sessionResponse(signedIn, status: .created)
        }
        auth.post("google") { request, context in
            let body = try await JSONBody.decode(
                GoogleSignInRequest.self, from: request, context: context)
            let current = try? await authenticator.optionalAuthentication(request)
            let signedIn = try await accounts.signInWithGoogle(
                idToken: body.idToken, guest: current ?? nil, web: try wantsCookie(body.session),
                client: ClientInfo(request, context))
            return try sessionResponse(signedIn, status: .ok)
        }
        authSignedIn.post("upgrade") { request, context in
            let signedIn = context.auth
            let body = try await JSONBody.decode(
                UpgradeRequest.self, from: request, context: context)
            if let idToken = body.idToken {
                let upgraded = try await accounts.signInWithGoogle(
                    idToken: idToken, guest: signedIn, web: signedIn.method == .cookie,
                    client: ClientInfo(request, context))
                return try sessionResponse(upgraded, status: .ok)
            }
            guard let email = body.email, let password = body.password else {
                throw DomainError(.invalidBody, "Send email and password (or id_token for Google).")
            }
            try await accounts.upgrade(signedIn, email: email, password: password, client: ClientInfo(request, context))
            return try status(
                .accepted, "verification_sent",
                "Check your mail and follow the link to confirm the address. Until then you stay signed in as a guest, with everything you saved."
            )
        }
        auth.post("refresh") { request, context in
            let body = try await JSONBody.decode(
                RefreshRequest.self, from: request, context: context)
            let tokens = try await accounts.refresh(body.refreshToken)
            return try JSONResponse.make(Session(.tokens(tokens), user: nil, now: now()))
        }
        authSignedIn.post("signout") { request, context in
            let signedIn = context.auth
            let body = try await JSONBody.decode(
                SignOutRequest.self, from: request, context: context, allowEmpty: true)
            let everywhere = body.everywhere ?? false
            try await accounts.signOut(signedIn, everywhere: everywhere)
            var response = try status(
                .ok, "signed_out", everywhere ? "You are signed out on every device." : "You are signed out.")
            if signedIn.method == .cookie { response.headers.setCookies(authenticator.clearedCookies()) }
            return response
        }
        auth.post("password/reset") { request, context in
            let body = try await JSONBody.decode(EmailRequest.self, from: request, context: context)
            try await accounts.requestPasswordReset(email: body.email, client: ClientInfo(request, context))
            return try status(
                .accepted, "reset_sent", "If this address has an account, a link to reset the password is on its way.")
        }
        auth.post("password/reset/confirm") { request, context in
            let body = try await JSONBody.decode(
                PasswordResetRequest.self, from: request, context: context)
            try await accounts.confirmPasswordReset(
                token: body.token, newPassword: body.password, client: ClientInfo(request, context))
            return try status(
                .ok, "password_reset", "Your new password is set and every device was signed out. Sign in with it now.")
        }
        authSignedIn.post("password/change") { request, context in
            let signedIn = context.auth
            let body = try await JSONBody.decode(
                PasswordChangeRequest.self, from: request, context: context)
            let renewed = try await accounts.changePassword(
                signedIn, current: body.currentPassword, new: body.newPassword, client: ClientInfo(request, context))
            return try sessionResponse(renewed, status: .ok)
        }
        authSignedIn.post("email/change") { request, context in
            let signedIn = context.auth
            let body = try await JSONBody.decode(
                EmailChangeRequest.self, from: request, context: context)
            try await accounts.requestEmailChange(
                signedIn, newEmail: body.email, password: body.password, client: ClientInfo(request, context))
            return try status(
                .accepted, "confirmation_sent",
                "Check the new address's mail and follow the link to confirm the change.")
        }
        auth.post("email/change/confirm") { request, context in
            let body = try await JSONBody.decode(TokenRequest.self, from: request, context: context)
            let user = try await accounts.confirmEmailChange(token: body.token)
            return try status(.ok, "email_changed", "Your email address is now \(user.email ?? "changed").")
        }

        let me = signedIn("api/v1/me")
        me.get { _, context in
            let signedIn = context.auth
            let user = try await accounts.account(signedIn)
            return try meResponse(user, signedIn)
        }
        me.patch { request, context in
            let signedIn = context.auth
            let update = try await JSONBody.decode(
                ProfileUpdate.self, from: request, context: context,
                nullable: ProfileUpdate.nullable)
            let user = try await accounts.updateProfile(signedIn, update)
            profileChanged(user)
            return try meResponse(user, signedIn)
        }
        me.delete { request, context in
            let signedIn = context.auth
            let body = try await JSONBody.decode(
                DeleteAccountRequest.self, from: request, context: context, allowEmpty: true)
            try await accounts.deleteAccount(signedIn, password: body.password, client: ClientInfo(request, context))
            var response = try status(.ok, "deleted", "Your account and everything in it were deleted.")
            if signedIn.method == .cookie { response.headers.setCookies(authenticator.clearedCookies()) }
            return response
        }
    }

    private func wantsCookie(_ session: String?) throws -> Bool {
        switch session {
        case nil, "tokens": return false
        case "cookie": return true
        default: throw DomainError(.invalidBody, "session must be \"tokens\" (the default) or \"cookie\".")
        }
    }

    private func status(_ code: HTTPResponse.Status, _ status: String, _ message: String) throws -> Response {
        try JSONResponse.make(StatusMessage(status: status, message: message), status: code)
    }

    private func sessionResponse(_ signedIn: SignedIn, status: HTTPResponse.Status) throws -> Response {
        var response = try JSONResponse.make(
            Session(signedIn.session, user: signedIn.user, now: now()), status: status)
        if case .web(let web) = signedIn.session {
            response.headers.setCookies(authenticator.sessionCookies(web.cookieValue, of: signedIn.user.id))
        }
        response.headers[.cacheControl] = "no-store"
        return response
    }

    private func meResponse(_ user: UserRecord, _ auth: Authentication) throws -> Response {
        let csrf = auth.method == .cookie ? authenticator.tokens.csrfToken(sessionID: auth.sessionID) : nil
        var response = try JSONResponse.make(Account(user, csrfToken: csrf))
        response.headers[.cacheControl] = "no-store"
        return response
    }
}

extension ClientInfo {
    /// Who is asking: the client's address (after trusted proxies) and the start of its User-Agent.
    init(_ request: Request, _ context: some MarqueeContext) {
        self.init(
            address: context.clientAddress, description: request.headers[.userAgent].map { $0.prefix(codePoints: 200) })
    }
}
