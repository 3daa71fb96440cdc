public import Hummingbird

/// The per-request context of every Marquee route.
public struct MarqueeRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The client's IP address: the peer's, or the one a trusted proxy forwarded ("unknown" when there is none, as
    /// in in-process tests); used for throttling.
    public var clientAddress: String

    /// Creates a context for a new request.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// Bodies are small JSON documents; anything larger is refused with `request.body_too_large`. The largest valid
    /// item, every character written as a `\u` escape pair (as some JSON encoders write non-ASCII), is about 80 KB.
    public var maxUploadSize: Int { 128 * 1024 }

    /// The request's id, shown in error bodies and the `X-Request-Id` header and logged with every line.
    public var requestID: String { id }
}
