import Hummingbird
import HummingbirdCore
import MarqueeCore

/// Refuses an API request that gives one query parameter twice (`kind=movie&kind=tv`). Routes read the first value,
/// so the second would be dropped without a word: a list cleared of movies only, or 10 results for `limit=20`.
struct RepeatedQueryMiddleware: RouterMiddleware {
    typealias Context = MarqueeRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if request.uri.isAPIPath { try Self.refuseRepeats(in: request.uri) }
        return try await next(request, context)
    }

    /// Throws `request.invalid_parameter` when a query parameter is given twice. (Also called by the live stream's
    /// connection handler, which serves streams before any middleware.)
    static func refuseRepeats(in uri: URI) throws {
        // Most requests have one parameter or none: nothing to compare.
        guard uri.query?.utf8.contains(UInt8(ascii: "&")) == true else { return }
        var seen = Set<Substring>()
        for (key, _) in uri.formPairs where !seen.insert(key).inserted {
            throw DomainError(.invalidParameter, "'\(key.prefix(40))' is given twice. Give each query parameter once.")
        }
    }
}
