import Foundation
import HTTPTypes
import Hummingbird

/// Behind a reverse proxy every request comes from the proxy's address, so per-address throttling would lump all
/// clients together. When the peer is one of the configured trusted proxies, the client is the right-most
/// `X-Forwarded-For` address that is not itself a trusted proxy (addresses further left are the client's to
/// invent).
struct ForwardedClientMiddleware: RouterMiddleware {
    typealias Context = MarqueeRequestContext

    let trustedProxies: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard trustedProxies.contains(context.clientAddress) else { return try await next(request, context) }
        var context = context
        let forwarded = request.headers[values: .xForwardedFor].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let client = forwarded.last(where: { !trustedProxies.contains($0) }) {
            context.clientAddress = String(client.prefix(64))
        }
        return try await next(request, context)
    }
}

extension HTTPField.Name {
    static let xForwardedFor = Self("X-Forwarded-For")!
}
