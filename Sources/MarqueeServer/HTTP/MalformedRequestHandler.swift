import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MarqueeCore
import MarqueeWire
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request that is not valid HTTP/1.1 (an unknown method, two `Content-Length` headers, a request line
/// and headers longer than the server reads, …) with the error contract's JSON body and a request id, then closes
/// the connection: the parser cannot find where the next request would start.
///
/// Without it, Hummingbird answers such a request with an empty 400. An error inside the body of a request the
/// application is reading (chunks that do not parse) goes on to it, and its route answers that one; after an
/// answer given before the body was read, there is nothing left to answer. An error after whole requests
/// (pipelined) is answered once their responses have gone. Either way nothing is written after the last answer.
final class MalformedRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum Phase {
        /// Requests and answers come and go.
        case open
        /// The request line or headers of the next request did not parse: answered once the earlier ones are.
        case answerAfterResponses(HTTPParserError)
        /// A body did not parse and its route was told: the connection closes after that route's answer.
        case closeAfterResponses
        /// The last answer is written: the connection is closing, and anything more is dropped.
        case closing
    }

    private let serverName: String
    private let logger: Logger
    private var phase = Phase.open
    /// Requests passed on whose responses have not ended yet.
    private var inFlight = 0
    /// A request passed on whose end has not arrived: an error now is in its body.
    private var requestOpen = false

    init(serverName: String, logger: Logger) {
        self.serverName = serverName
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            inFlight += 1
            requestOpen = true
        case .body: break
        case .end: requestOpen = false
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .closing = phase { return promise?.fail(ChannelError.ioOnClosedChannel) ?? () }
        guard case .end = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        inFlight = max(0, inFlight - 1)
        switch phase {
        case .answerAfterResponses(let error) where inFlight == 0:
            context.write(data, promise: promise)
            answer(error, context: context)
        case .closeAfterResponses where inFlight == 0:
            phase = .closing
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.cascade(to: promise)
            context.writeAndFlush(data, promise: written)
            written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        default:
            context.write(data, promise: promise)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError, case .open = phase else {
            return context.fireErrorCaught(error)
        }
        switch (requestOpen, inFlight) {
        case (true, 0):
            // The request was answered without its body being read: that answer stands alone.
            close(context: context)
        case (true, _):
            phase = .closeAfterResponses
            context.fireErrorCaught(error)
        case (false, 0):
            // Not passed on: the application would answer it with an empty 400 once it got to it.
            answer(parserError, context: context)
        case (false, _):
            phase = .answerAfterResponses(parserError)
        }
    }

    /// Flushes what is written and closes; nothing more is written.
    private func close(context: ChannelHandlerContext) {
        phase = .closing
        context.flush()
        context.close(promise: nil)
    }

    private func answer(_ error: HTTPParserError, context: ChannelHandlerContext) {
        let problem = Self.problem(error)
        let requestID = RequestID().description
        let body = APIError(problem, requestID: requestID).buffer()
        var headers: HTTPFields = [
            .contentType: "application/json; charset=utf-8", .contentLength: String(body.readableBytes),
            .connection: "close", .requestID: requestID, .server: serverName,
        ]
        headers[.date] = HTTPDate.format(time(nil))
        let status = HTTPResponse.Status(code: problem.code.httpStatus)
        context.write(wrapOutboundOut(.head(HTTPResponse(status: status, headerFields: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        phase = .closing
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
        logger.info(
            "Request",
            metadata: [
                "hb.request.id": "\(requestID)", "route": "malformed", "status": "\(status.code)",
                "error": "\(error.debugDescription)",
            ])
    }

    /// What the client is told: the parser's own words for what it could not read.
    static func problem(_ error: HTTPParserError) -> DomainError {
        switch error {
        case .headerOverflow:
            return DomainError(
                .headerTooLarge,
                "The request line and headers are longer than this server reads (\(maxHeaderKiB) KiB); "
                    + "send a shorter address or fewer headers.")
        default:
            return DomainError(.malformedRequest, "The request is not valid HTTP/1.1: \(error.debugDescription).")
        }
    }

    /// Hummingbird's limit on a request's head (its `HTTP1Channel` decoder configuration).
    private static let maxHeaderKiB = 80
}
