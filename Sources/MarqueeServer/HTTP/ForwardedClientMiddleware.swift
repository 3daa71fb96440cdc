import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Behind a reverse proxy every request comes from the proxy's address, so per-address throttling would lump all
/// clients together. When the peer is one of the configured trusted proxies, the client is the right-most
/// `X-Forwarded-For` address that is not itself a trusted proxy (addresses further left are the client's to
/// invent). Addresses are compared in one canonical form, and an entry that is not an IP address ends the search:
/// a client must not get a fresh throttle key by varying a port or a spelling.
struct ForwardedClientMiddleware: RouterMiddleware {
    typealias Context = MarqueeRequestContext

    /// The proxies' addresses, in canonical form (as settings read them).
    let trustedProxies: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let peer = IPAddress.canonical(context.clientAddress), trustedProxies.contains(peer) else {
            return try await next(request, context)
        }
        var context = context
        let forwarded = request.headers[values: .xForwardedFor].flatMap { $0.split(separator: ",") }
        for entry in forwarded.reversed() {
            guard let address = IPAddress.canonical(entry.trimmingCharacters(in: .whitespaces)) else { break }
            if trustedProxies.contains(address) { continue }
            context.clientAddress = address
            break
        }
        return try await next(request, context)
    }
}

/// IP address spellings reduced to one form.
enum IPAddress {
    /// `1.2.3.4`, `1.2.3.4:5678`, `::1`, `[::1]:80` and `::ffff:1.2.3.4` as NIO prints them, the IPv4-mapped ones
    /// as plain IPv4; nil for anything that is not an IP address.
    static func canonical(_ text: String) -> String? {
        var host = Substring(text)
        if host.hasPrefix("["), let end = host.firstIndex(of: "]") {
            host = host[host.index(after: host.startIndex)..<end]
        } else if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") {
            host = host[..<colon]
        }
        guard let address = try? SocketAddress(ipAddress: String(host), port: 0), let canonical = address.ipAddress
        else { return nil }
        if canonical.hasPrefix("::ffff:"), canonical.contains(".") { return String(canonical.dropFirst(7)) }
        return canonical
    }
}

extension HTTPField.Name {
    static let xForwardedFor = Self("X-Forwarded-For")!
}
