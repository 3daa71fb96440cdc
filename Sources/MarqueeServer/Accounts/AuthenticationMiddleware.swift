import Hummingbird
import MarqueeAccounts
import MarqueeCore

/// Checks a request's sign-in (a bearer token, or the session cookie with its CSRF token for changes) before the
/// routes that need one, and keeps it in the context: routes in a `SignedInRequestContext` group read
/// `context.auth`. A request without a sign-in gets `auth.required`; one with a bad or ended one, its own error.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = MarqueeRequestContext
    let authenticator: Authenticator

    static var required: DomainError { DomainError(.authenticationRequired, "Sign in to do this.") }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        context.auth = try await authenticate(request)
        return try await next(request, context)
    }

    /// The request's sign-in; also used by live streams served on the connection, outside the router.
    func authenticate(_ request: Request) async throws -> Authentication {
        try await authenticator.authenticate(request)
    }
}
