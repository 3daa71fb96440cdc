import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// The fast path for repeated catalog reads: a channel handler that answers a GET whose response is in the
/// `ResponseCache` directly on the connection's event loop, without creating a request task.
///
/// Measured (bench/run, 2 cores shared with wrk): Hummingbird's full request path tops out near 0.35× of nginx
/// serving the same bytes (a hello-world route near 0.4×); answering cache hits here, in HTTP/1 terms before the
/// conversion to swift-http-types, brings a cached list page to about 0.6×. Every other request — cache misses,
/// other methods, non-keep-alive requests, and anything arriving while the application still owes this connection
/// a response — goes on to the router unchanged, so responses never overtake each other. Fast-path answers carry
/// the same headers, a request id, Server-Timing and metrics like routed ones.
final class CachedResponseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let cache: ResponseCache
    private let logger: Logger
    /// The cached entry to answer once the request's `.end` arrives.
    private var answering: (entry: ResponseCache.Entry, head: HTTPRequestHead, started: ContinuousClock.Instant)?
    /// Requests handed to the application whose responses are not complete yet.
    private var owedByApplication = 0
    /// The Date header value and the second it was made for (it changes once a second, not per request).
    private var date: (second: Int, value: String) = (-1, "")

    init(cache: ResponseCache, logger: Logger) {
        self.cache = cache
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            // Only while the socket takes more: otherwise the request goes to the application, whose writer waits
            // for writability, so a client that never reads cannot pile up responses in memory.
            if owedByApplication == 0, context.channel.isWritable, head.method == .GET, head.isKeepAlive,
                let entry = cache.entry(for: head.uri)
            {
                answering = (entry, head, .now)
                return
            }
            answering = nil
            owedByApplication += 1
            context.fireChannelRead(data)
        case .body:
            if answering == nil { context.fireChannelRead(data) }
        case .end:
            guard let (entry, head, started) = answering else {
                context.fireChannelRead(data)
                return
            }
            answering = nil
            respond(context: context, entry: entry, request: head, started: started)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { owedByApplication = max(0, owedByApplication - 1) }
        context.write(data, promise: promise)
    }

    private func respond(
        context: ChannelHandlerContext, entry: ResponseCache.Entry, request: HTTPRequestHead,
        started: ContinuousClock.Instant
    ) {
        let elapsed = ContinuousClock.now - started
        let requestID = RequestID().description
        var headers = entry.headers
        headers.add(name: "X-Request-Id", value: requestID)
        headers.add(name: "Server-Timing", value: "app;dur=" + TelemetryMiddleware.milliseconds(elapsed))
        let second = time(nil)
        if second != date.second { date = (second, HTTPDate.format(second)) }
        headers.add(name: "Date", value: date.value)
        let head = HTTPResponseHead(version: request.version, status: .ok, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(entry.body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        entry.instruments.record(elapsed)
        logger.info(
            "Request",
            metadata: [
                "hb.request.id": "\(requestID)", "method": "GET", "path": "\(request.uri.prefix { $0 != "?" })",
                "route": "\(entry.route)", "status": "200", "ms": "\(TelemetryMiddleware.milliseconds(elapsed))",
                "cached": "true",
            ])
    }
}

/// Puts handlers that work on HTTP/1 parts into a new connection's pipeline in front of the HTTP/1-to-swift-http-types
/// codec (Hummingbird lets extra handlers in only behind it), in the order given, then removes itself.
final class HTTP1HandlerInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Never

    private let handlers: () -> [any ChannelHandler]

    init(_ handlers: @escaping () -> [any ChannelHandler]) {
        self.handlers = handlers
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        if let codec = try? pipeline.context(handlerType: HTTP1ToHTTPServerCodec.self) {
            for handler in handlers() { try? pipeline.addHandler(handler, position: .before(codec.handler)) }
        }
        pipeline.removeHandler(context: context, promise: nil)
    }
}

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) for the Date header.
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ second: Int) -> String {
        var seconds = second
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
