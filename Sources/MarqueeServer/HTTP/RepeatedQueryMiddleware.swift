import Hummingbird
import MarqueeCore

/// Refuses an API request that gives one query parameter twice (`kind=movie&kind=tv`). Routes read the first value,
/// so the second would be dropped without a word: a list cleared of movies only, or 10 results for `limit=20`.
struct RepeatedQueryMiddleware: RouterMiddleware {
    typealias Context = MarqueeRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        // Most requests have one parameter or none: nothing to compare.
        if request.uri.query?.utf8.contains(UInt8(ascii: "&")) == true, request.uri.path.hasPrefix("/api/") {
            var seen = Set<Substring>()
            for (key, _) in request.uri.formPairs where !seen.insert(key).inserted {
                throw DomainError(
                    .invalidParameter, "'\(key.prefix(40))' is given twice. Give each query parameter once.")
            }
        }
        return try await next(request, context)
    }
}
