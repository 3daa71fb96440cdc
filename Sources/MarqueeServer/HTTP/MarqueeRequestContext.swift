package import Hummingbird
package import MarqueeAccounts

/// What every Marquee route's context offers, whether the route needs a sign-in (`SignedInRequestContext`) or not
/// (`MarqueeRequestContext`).
package protocol MarqueeContext: RequestContext {
    /// The client's IP address: the peer's, or the one a trusted proxy forwarded ("unknown" when there is none, as
    /// in in-process tests); used for throttling.
    var clientAddress: String { get }
}

extension MarqueeContext {
    /// Bodies are small JSON documents; anything larger is refused with `request.body_too_large`. The largest valid
    /// item, every character written as a `\u` escape pair (as some JSON encoders write non-ASCII), is about 80 KB.
    package var maxUploadSize: Int { 128 * 1024 }

    /// The request's id, shown in error bodies and the `X-Request-Id` header and logged with every line.
    package var requestID: String { id }
}

/// The per-request context of every Marquee route.
package struct MarqueeRequestContext: MarqueeContext {
    package var coreContext: CoreRequestContextStorage
    package var clientAddress: String
    /// Who signed in, once `AuthenticationMiddleware` has checked (on the routes that need a sign-in).
    package var auth: Authentication?

    /// Creates a context for a new request.
    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}
