import Hummingbird
import MarqueeCatalog

/// Tells the upstream fetcher who each request comes from (`UpstreamCaller`), so that anonymous clients spend only
/// their share of TMDB's budget. Whether the request is signed in is checked only if an upstream call is needed.
struct UpstreamCallerMiddleware: RouterMiddleware {
    typealias Context = MarqueeRequestContext
    let authenticator: Authenticator

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let caller = UpstreamCaller(address: context.clientAddress) { [authenticator] in
            (try? await authenticator.optionalAuthentication(request)) != nil
        }
        return try await UpstreamCaller.$current.withValue(caller) { try await next(request, context) }
    }
}
