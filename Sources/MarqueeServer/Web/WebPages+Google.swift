import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MarqueeAccounts
import MarqueeCore
import MarqueeStore
import MarqueeWeb

extension WebPages {
    /// The cookie holding a Google sign-in in progress. SameSite=Lax, because the provider sends the browser back
    /// with a cross-site navigation; scoped to the callback's path and short-lived.
    static let googleAttemptCookie = "marquee_oauth"

    /// `/auth/google?next=…` sends the browser to Google; `/auth/google/callback` finishes there. A guest who signs
    /// in this way keeps everything they saved, as with the API.
    func registerGoogleSignIn(on router: Router<MarqueeRequestContext>) {
        router.get("auth/google") { request, _ in
            let google = try googleFlow()
            let wanted = safeNext(request)
            // Someone already signed in (not as a guest) has nothing to gain, and would otherwise leave a session behind.
            if case .member = await visit(request).viewer { return responses.redirect(to: wanted) }
            // The path travels in a cookie, which browsers drop past about 4 KiB.
            let (attempt, location) = google.begin(
                next: wanted.utf8.count <= 1024 ? wanted : "/", redirectURI: googleRedirectURI)
            var response = responses.redirect(to: location)
            response.headers[.setCookie] = googleAttemptCookie(
                attempt.cookieValue, maxAge: OAuthCodeFlow.attemptLifetime)
            return response
        }
        router.get("auth/google/callback") { request, context in
            let google = try googleFlow()
            let attempt = request.cookies[Self.googleAttemptCookie].flatMap {
                OAuthCodeFlow.Attempt(cookieValue: $0.value)
            }
            let callback = OAuthCodeFlow.Callback(
                code: request.linkValue("code"), state: request.linkValue("state"),
                error: request.linkValue("error"))
            var response: Response
            do {
                let idToken = try await google.idToken(for: callback, attempt: attempt, redirectURI: googleRedirectURI)
                let current = try? await authenticator.optionalAuthentication(request)
                let signedIn = try await accounts.signInWithGoogle(
                    idToken: idToken, guest: current ?? nil, web: true,
                    client: ClientInfo(request, context))
                guard case .web(let session) = signedIn.session else {
                    throw DomainError(.internal, "Something went wrong on our side. Please try again.")
                }
                response = responses.redirect(to: Self.sitePath(attempt?.next) ?? "/")
                response.headers.setCookies(authenticator.sessionCookies(session.cookieValue, of: signedIn.user.id))
            } catch {
                let failure = ErrorMiddleware.domainError(for: error, request: request, context: context)
                context.logger.notice(
                    "Google sign-in failed", metadata: ["code": "\(failure.code)", "reason": "\(failure.message)"])
                response = try await problem(
                    failure, request: request, requestID: context.requestID,
                    action: PageLink(href: "/signin", label: "Back to sign in"), cacheControl: "no-store")
            }
            response.headers.append(HTTPField(name: .setCookie, value: googleAttemptCookie("", maxAge: 0)))
            return response
        }
    }

    /// The flow, or `auth.provider_not_configured` when the server has no Google client secret.
    private func googleFlow() throws -> OAuthCodeFlow {
        guard let google else {
            throw DomainError(.providerNotConfigured, "Google sign-in is not set up on this server.")
        }
        return google
    }

    /// Where Google sends the browser back; register exactly this address with the OAuth client.
    var googleRedirectURI: String { responses.publicURL.value + "/auth/google/callback" }

    private func googleAttemptCookie(_ value: String, maxAge: Int) -> String {
        authenticator.cookie(Self.googleAttemptCookie, value, path: "/auth/google", maxAge: maxAge)
    }
}
