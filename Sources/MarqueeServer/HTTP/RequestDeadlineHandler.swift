import NIOCore
import NIOHTTP1

/// Closes connections that hold the server without using it: the next request's line and headers must arrive
/// within `headTimeout` of the connection opening or of the previous answer's end (a keep-alive connection left idle
/// that long is closed too), a request's body within `stallTimeout` of its headers, and a client that stops reading
/// an answer (the socket takes nothing more) must start again within `stallTimeout`. A client sending or reading a
/// byte now and then (slowloris) cannot keep a connection, and the memory it holds, for longer than that.
///
/// It sits right behind the HTTP/1 parser, ahead of everything that may answer (`CachedResponseHandler` answers
/// cache hits itself), so it sees every request and every answer. While an answer is owed (a live stream's never
/// ends), no deadline runs.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let headTimeout: TimeAmount
    private let stallTimeout: TimeAmount
    private var deadline: Scheduled<Void>?
    /// Set while the socket takes nothing more.
    private var stalled: Scheduled<Void>?
    /// Requests whose answers have not ended.
    private var owed = 0
    /// A request whose head came and whose end has not.
    private var readingBody = false

    init(headTimeout: TimeAmount, stallTimeout: TimeAmount) {
        self.headTimeout = headTimeout
        self.stallTimeout = stallTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { awaitHead(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        awaitHead(context: context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        stalled?.cancel()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        stalled?.cancel()
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        stalled?.cancel()
        stalled = context.channel.isWritable ? nil : closing(context, in: stallTimeout)
        context.fireChannelWritabilityChanged()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            owed += 1
            readingBody = true
            arm(stallTimeout, context: context)
        case .body: break
        case .end:
            readingBody = false
            // A route may answer before it has read the body (Hummingbird reads the rest after): then the next
            // request's head is what is awaited now.
            if owed == 0 { awaitHead(context: context) } else { deadline?.cancel() }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            owed = max(0, owed - 1)
            if owed == 0, !readingBody { awaitHead(context: context) }
        }
        context.write(data, promise: promise)
    }

    private func awaitHead(context: ChannelHandlerContext) {
        arm(headTimeout, context: context)
    }

    private func arm(_ timeout: TimeAmount, context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = closing(context, in: timeout)
    }

    private func closing(_ context: ChannelHandlerContext, in timeout: TimeAmount) -> Scheduled<Void> {
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        return context.eventLoop.scheduleTask(in: timeout) { loopBound.value.close(promise: nil) }
    }
}
