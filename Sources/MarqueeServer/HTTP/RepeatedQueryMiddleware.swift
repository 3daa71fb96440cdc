import Hummingbird

/// Refuses an API request that gives one query parameter twice (`kind=movie&kind=tv`): a list cleared of movies
/// only, or 10 results for `limit=20`, would otherwise follow without a word.
struct RepeatedQueryMiddleware: RouterMiddleware {
    typealias Context = MarqueeRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if request.uri.isAPIPath { try request.uri.refuseRepeatedParameters() }
        return try await next(request, context)
    }
}
