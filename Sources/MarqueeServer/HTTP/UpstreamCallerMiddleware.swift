import Hummingbird
import MarqueeAccounts
import MarqueeCatalog
import MarqueeStore
import MarqueeUpstream

/// Tells the upstream fetcher who each request comes from (`UpstreamCaller`), so that anonymous clients spend only
/// their share of TMDB's budget. Guests count as anonymous: anyone can be one for the asking. Whether the request
/// is signed in, and as whom, is looked up only if an upstream call is needed.
struct UpstreamCallerMiddleware: RouterMiddleware {
    typealias Context = MarqueeRequestContext
    let authenticator: Authenticator
    let accounts: AccountService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let caller = UpstreamCaller(address: context.clientAddress) { [authenticator, accounts] in
            guard let auth = try? await authenticator.optionalAuthentication(request) else { return false }
            return (try? await accounts.account(auth))?.isGuest == false
        }
        return try await UpstreamCaller.$current.withValue(caller) { try await next(request, context) }
    }
}
