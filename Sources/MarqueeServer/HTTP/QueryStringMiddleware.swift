import Hummingbird

/// Refuses an API request whose query string cannot be read as one plain value per name (see `QueryString`), even
/// on a route that reads no parameter: `kind=movie&kind=tv` would otherwise clear movies only, or `limit=20` twice
/// give 10 results, without a word.
struct QueryStringMiddleware: RouterMiddleware {
    typealias Context = MarqueeRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if request.uri.isAPIPath { _ = try QueryString(request.uri) }
        return try await next(request, context)
    }
}
