import HTTPTypes
import Hummingbird
import Logging
import MarqueeAccounts
import MarqueeSaved
import NIOCore
import NIOHTTPTypes

/// Serves `GET /api/v1/me/changes/stream` on the connection itself. Once the stream is open (sign-in checked and
/// missed changes read, asynchronously), the hub hands each event to this handler, which writes the frame from the
/// connection's event loop: no task waits per open stream.
///
/// Measured with bench/run-peers: a stream served by a task holds that task's async stack (about 22 KiB of slabs
/// the request left behind) for as long as it stays open, and each event costs a task wake-up before its write.
/// Anything but a stream that opens — not signed in, a bad `Last-Event-ID`, a failed read, or a connection that
/// still owes earlier responses — goes on to the router unchanged, whose route answers it the usual way.
final class LiveStreamHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart
    typealias Event = ChangeHub<ByteBuffer>.Event

    private enum Phase {
        /// Requests go on to the application.
        case passing
        /// A stream request's head arrived; waiting for its end.
        case holding
        /// Signing in and reading what the client missed; events queue meanwhile.
        case opening
        /// Frames are written as events come.
        case streaming
        /// The stream ended; the connection is closing.
        case closed
    }

    /// What opening found: the stream, and what brings its client up to date with the first step of it read (a
    /// failure to read anything yet is still answered as an error, by the route).
    private enum Opening: Sendable {
        case opened(ChangeStream, ChangeHub<ByteBuffer>.Subscription, CatchUp, first: CatchUp.Step, took: Duration)
        case declined
    }

    /// What every connection's handler shares, made once: one reference per connection instead of copies (this
    /// handler stays for the life of every connection, streaming or not).
    final class Shared: Sendable {
        let opener: LiveStreamOpener
        let hub: ChangeHub<ByteBuffer>
        /// The `Server` header of every response.
        let serverName: String
        /// The stream route's request metrics, which routed streams count too.
        let instruments: RouteInstruments
        let logger: Logger
        /// A stream that falls this many bytes of frames behind a socket that takes no more is closed (the client
        /// resumes). Bytes rather than frames: a stalled reader holds what it was sent, and notes can be long.
        let backlogLimit: Int

        init(
            opener: LiveStreamOpener, hub: ChangeHub<ByteBuffer>, serverName: String, instruments: RequestInstruments,
            logger: Logger, backlogLimit: Int
        ) {
            self.opener = opener
            self.hub = hub
            self.serverName = serverName
            self.instruments = instruments.instruments(route: LiveStreamOpener.path, method: .get, status: 200)
            self.logger = logger
            self.backlogLimit = backlogLimit
        }
    }

    private let shared: Shared

    private var context: ChannelHandlerContext?
    private var phase = Phase.passing
    /// Requests handed to the application whose responses are not complete yet.
    private var owedByApplication = 0
    /// The stream request and whatever followed it, replayed to the application if the stream does not open.
    private var held: [HTTPRequestPart] = []
    /// About how many bytes `held` keeps: requests pipelined behind a stream that is opening. Past `heldLimit` the
    /// connection is closed rather than the bytes kept (no sign-in has been checked yet).
    private var heldBytes = 0
    private static let heldLimit = 64 * 1024
    /// Events that came while opening or catching up, handled after, and about how many bytes they hold: past the
    /// backlog limit the stream is closed (its client resumes) rather than the events kept.
    private var queued: [Event] = []
    private var queuedBytes = 0
    private var stream: ChangeStream?
    private var subscription: ChangeHub<ByteBuffer>.Subscription?
    private var cursor: StreamCursor?
    /// What the client missed, being written a frame at a time while the socket takes more.
    private var catchUp: CatchUp?
    /// A frame of `catchUp` is being read.
    private var readingCatchUp = false
    /// `catchUp` waits for the socket to take more.
    private var catchUpAwaitsWritable = false
    private var hubFinished = false
    private var bytesWhileBlocked = 0

    init(_ shared: Shared) {
        self.shared = shared
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch phase {
        case .passing:
            // A stream request with a body (odd, but allowed) goes to the router, whose body handling applies.
            if case .head(let head) = part, owedByApplication == 0, head.method == .get,
                head.path?.prefix(while: { $0 != "?" }) == LiveStreamOpener.path[...],
                head.headerFields[.transferEncoding] == nil, (head.headerFields[.contentLength] ?? "0") == "0"
            {
                phase = .holding
                held = [part]
                heldBytes = 0
                return
            }
            if case .head = part { owedByApplication += 1 }
            context.fireChannelRead(data)
        case .holding:
            held.append(part)
            if case .end = part {
                phase = .opening
                open(context: context)
            }
        case .opening:
            switch part {
            case .head(let head):
                // What the request itself takes in memory besides its text, roughly.
                heldBytes +=
                    256 + (head.path?.utf8.count ?? 0)
                    + head.headerFields.reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count }
            case .body(let bytes): heldBytes += bytes.readableBytes
            case .end: break
            }
            guard heldBytes <= Self.heldLimit else {
                phase = .closed
                held = []
                context.close(promise: nil)
                return
            }
            held.append(part)
        case .streaming, .closed:
            // A streaming connection serves nothing else (clients open streams on connections of their own).
            break
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { owedByApplication = max(0, owedByApplication - 1) }
        context.write(data, promise: promise)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            bytesWhileBlocked = 0
            if catchUpAwaitsWritable {
                catchUpAwaitsWritable = false
                pumpCatchUp()
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        phase = .closed
        subscription?.close()
        subscription = nil
        context.fireChannelInactive()
    }

    // MARK: Opening

    private func open(context: ChannelHandlerContext) {
        guard case .head(let head) = held.first else { return }
        let request = Request(head: head, body: .init(buffer: ByteBuffer()))
        let eventLoop = context.eventLoop
        let handler = NIOLoopBound(self, eventLoop: eventLoop)
        let sink = ChangeHub<ByteBuffer>.Sink(
            deliver: { event in
                eventLoop.execute { handler.value.receive(event) }
                return true
            },
            finish: { eventLoop.execute { handler.value.streamFinished() } })
        let (opener, hub, logger) = (shared.opener, shared.hub, shared.logger)
        Task {
            let started = ContinuousClock.now
            let opening: Opening
            do {
                let (stream, since) = try await opener.stream(for: request, logger: logger)
                let subscription = try hub.subscribe(
                    user: stream.auth.userID, sessionID: stream.auth.sessionID, sink: sink)
                do {
                    try await opener.confirmActive(stream)
                    let catchUp = stream.catchUp(from: since)
                    let first = try await catchUp.next()
                    opening = .opened(stream, subscription, catchUp, first: first, took: ContinuousClock.now - started)
                } catch {
                    subscription.close()
                    throw error
                }
            } catch {
                opening = .declined
            }
            eventLoop.execute { handler.value.opened(opening) }
        }
    }

    private func opened(_ opening: Opening) {
        guard phase == .opening, let context else {
            if case .opened(_, let subscription, _, _, _) = opening { subscription.close() }
            return
        }
        switch opening {
        case .declined:
            phase = .passing
            let parts = held
            (held, queued, queuedBytes, hubFinished) = ([], [], 0, false)
            for part in parts {
                if case .head = part { owedByApplication += 1 }
                context.fireChannelRead(wrapInboundOut(part))
            }
            context.fireChannelReadComplete()
        case .opened(let stream, let subscription, let catchUp, let first, let took):
            phase = .streaming
            held = []
            (self.stream, self.subscription, self.catchUp) = (stream, subscription, catchUp)
            // The same headers, metrics and access-log line as a stream the route serves (TelemetryMiddleware).
            let (requestID, milliseconds) = (RequestID().description, TelemetryMiddleware.milliseconds(took))
            var headers = LiveStreamOpener.headers
            headers[.requestID] = requestID
            headers[.server] = shared.serverName
            headers[.serverTiming] = "app;dur=" + milliseconds
            context.write(wrapOutboundOut(.head(HTTPResponse(status: .ok, headerFields: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(ServerSentEvents.retry)), promise: nil)
            shared.instruments.record(took)
            shared.logger.info(
                "Request",
                metadata: [
                    "hb.request.id": "\(requestID)", "method": "GET", "path": "\(LiveStreamOpener.path)",
                    "route": "\(LiveStreamOpener.path)", "status": "200", "ms": "\(milliseconds)",
                    "stream": "connection",
                ])
            // The sign-in ended while the stream was opening: say so before sending anything it must not see.
            if queued.contains(where: { if case .ended = $0 { true } else { false } }) {
                return end(with: ServerSentEvents.end("session_ended"))
            }
            caughtUp(first)
        }
    }

    // MARK: Streaming

    private func receive(_ event: Event) {
        // The sign-in ended: that goes before anything still to be sent, a catch-up's frames included.
        if case .ended = event, phase == .streaming { return end(with: ServerSentEvents.end("session_ended")) }
        switch phase {
        case .opening: queue(event)
        case .streaming where catchUp != nil: queue(event)
        case .streaming: handle(event)
        case .passing, .holding, .closed: break
        }
    }

    private func queue(_ event: Event) {
        if case .change(_, let frame) = event { queuedBytes += frame.readableBytes }
        guard queuedBytes <= shared.backlogLimit else { return overflow() }
        queued.append(event)
    }

    /// Too many events came while the stream was opening or catching up: the connection closes, and the client
    /// resumes from the last id it has (before the stream's head, nothing was sent: it simply reconnects).
    private func overflow() {
        switch phase {
        case .opening:
            phase = .closed
            (held, queued, queuedBytes) = ([], [], 0)
            context?.close(promise: nil)
        case .streaming: close()
        case .passing, .holding, .closed: break
        }
    }

    private func handle(_ event: Event) {
        guard let step = cursor?.step(event) else { return }
        switch step {
        case .skip: return
        case .send(let frame): send(frame)
        case .catchUp(let from): catchUp(from: from)
        case .heartbeat(let checkSession):
            if checkSession, let stream { self.checkSession(stream) }
            send(ServerSentEvents.heartbeat)
        case .end: end(with: ServerSentEvents.end("session_ended"))
        }
    }

    private func drainQueue() {
        while !queued.isEmpty, phase == .streaming, catchUp == nil {
            let event = queued.removeFirst()
            if case .change(_, let frame) = event { queuedBytes -= frame.readableBytes }
            handle(event)
        }
    }

    /// Changes after `from` are missing (they reached this instance out of order): read them from the log.
    private func catchUp(from: Int64) {
        guard let stream else { return }
        catchUp = stream.catchUp(from: ResumePoint(seq: from))
        pumpCatchUp()
    }

    /// Reads the next frame of `catchUp` if the socket takes more; otherwise waits until it does.
    private func pumpCatchUp() {
        guard let catchUp, !readingCatchUp, phase == .streaming, let context else { return }
        guard context.channel.isWritable else {
            catchUpAwaitsWritable = true
            return
        }
        readingCatchUp = true
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        Task {
            let step = try? await catchUp.next()
            eventLoop.execute {
                handler.value.readingCatchUp = false
                handler.value.caughtUp(step)
            }
        }
    }

    /// Writes a frame `catchUp` read and asks for the next, or, once there is none, goes on with the live events.
    private func caughtUp(_ step: CatchUp.Step?) {
        guard phase == .streaming, let context else { return }
        switch step {
        case nil:
            close()
        case .frame(let frame):
            context.writeAndFlush(wrapOutboundOut(.body(frame)), promise: nil)
            pumpCatchUp()
        case .upToDate(let last):
            context.flush()
            catchUp = nil
            if cursor == nil {
                cursor = StreamCursor(last: last, heartbeatsPerSessionCheck: stream?.heartbeatsPerSessionCheck ?? 1)
            } else {
                cursor?.caughtUp(to: last)
            }
            if hubFinished { return streamFinished() }
            drainQueue()
        }
    }

    private func checkSession(_ stream: ChangeStream) {
        guard let context else { return }
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        Task {
            guard !(await stream.sessionIsActive()) else { return }
            eventLoop.execute { handler.value.end(with: ServerSentEvents.end("session_ended")) }
        }
    }

    /// The hub let go of the stream (it fell behind, or the server is stopping): end the response so the client
    /// reconnects with the last id it saw, losing nothing.
    private func streamFinished() {
        switch phase {
        case .opening: hubFinished = true
        case .streaming: end(with: nil)
        case .passing, .holding, .closed: break
        }
    }

    private func send(_ frame: ByteBuffer) {
        guard let context else { return }
        if !context.channel.isWritable {
            bytesWhileBlocked += frame.readableBytes
            if bytesWhileBlocked > shared.backlogLimit { return close() }
        }
        context.writeAndFlush(wrapOutboundOut(.body(frame)), promise: nil)
    }

    private func end(with frame: ByteBuffer?) {
        guard phase == .streaming, let context else { return }
        if let frame { context.write(wrapOutboundOut(.body(frame)), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
        finish()
    }

    private func close() {
        guard phase == .streaming, let context else { return }
        finish()
        context.close(promise: nil)
    }

    private func finish() {
        phase = .closed
        subscription?.close()
        subscription = nil
        (queued, queuedBytes, catchUp) = ([], 0, nil)
    }
}
