public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The default `MarqueeTransport`, on `URLSession`, the same on Apple platforms and on Linux.
///
/// Errors: a cancelled task throws `CancellationError` (callers of the SDK see `MarqueeError.cancelled`); a server
/// that cannot be reached (no network, DNS, refused, timed out, connection lost) throws `MarqueeError.offline`;
/// other failures (TLS, a malformed answer) are thrown as `URLSession` threw them.
///
/// Streams do not use `bytes(for:)`, which Linux's Foundation lacks, nor `data(for:)`, which would gather an endless
/// body for ever: each stream has its own session whose delegate passes the body on as it arrives, and which is
/// invalidated when the stream ends, so that neither outlives it.
public final class URLSessionTransport: MarqueeTransport {
    /// How long a stream may be silent before `URLSession` gives up on it: a day, as the stream's reader has its
    /// own, shorter idle timer and the server sends heartbeats. Finite, as Linux turns it into whole milliseconds.
    static let streamTimeout: TimeInterval = 86_400
    /// The most body chunks a stream holds for a reader that does not keep up; past them the stream ends as a lost
    /// connection would (`MarqueeError.offline`) rather than buffer without end.
    static let streamChunkLimit = 1_024

    private let session: URLSession

    /// A transport whose requests use `configuration` (an ephemeral one by default). Streams use a copy of it with
    /// their own timeouts.
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let answer: (Data, URLResponse)
        do {
            answer = try await session.data(for: request)
        } catch {
            throw Self.mapped(error)
        }
        guard let response = answer.1 as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return (answer.0, response)
    }

    public func stream(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        let configuration = (session.configuration.copy() as? URLSessionConfiguration) ?? .ephemeral
        configuration.timeoutIntervalForRequest = Self.streamTimeout
        configuration.timeoutIntervalForResource = Self.streamTimeout * 365
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        var request = request
        // Linux prefers the request's own timeout, when set, to the configuration's.
        request.timeoutInterval = Self.streamTimeout

        let (body, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream(
            bufferingPolicy: .bufferingOldest(Self.streamChunkLimit))
        let delegate = StreamDelegate(body: bodyContinuation)
        let streamSession = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        let task = streamSession.dataTask(with: request)
        bodyContinuation.onTermination = { _ in task.cancel() }

        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (head: CheckedContinuation<HTTPURLResponse, any Error>) in
                if delegate.awaitHead(head) {
                    task.resume()
                } else {
                    streamSession.invalidateAndCancel()
                }
            }
        } onCancel: {
            delegate.cancel()
            task.cancel()
        }
        return (head, body)
    }

    /// `error` as the transport's callers are told it.
    static func mapped(_ error: any Error) -> any Error {
        if error is CancellationError { return error }
        guard let code = urlErrorCode(error) else { return error }
        switch code {
        case .cancelled:
            return CancellationError()
        case .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .timedOut,
            .networkConnectionLost, .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            return MarqueeError.offline
        default:
            return error
        }
    }

    private static func urlErrorCode(_ error: any Error) -> URLError.Code? {
        if let error = error as? URLError { return error.code }
        let error = error as NSError
        return error.domain == NSURLErrorDomain ? URLError.Code(rawValue: error.code) : nil
    }
}

/// The delegate of one stream's session: hands the response head to the waiting `stream(_:)` and the body to the
/// stream's reader, then invalidates the session, which lets go of this delegate.
private final class StreamDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
        var head: CheckedContinuation<HTTPURLResponse, any Error>?
        var cancelled = false
    }

    private let body: AsyncThrowingStream<Data, any Error>.Continuation
    private let state = Locked(State())

    init(body: AsyncThrowingStream<Data, any Error>.Continuation) {
        self.body = body
    }

    /// Keeps `head` to resume when the response arrives; false (having resumed it) when the wait was cancelled first.
    func awaitHead(_ head: CheckedContinuation<HTTPURLResponse, any Error>) -> Bool {
        let cancelled = state.withLock { state in
            if !state.cancelled { state.head = head }
            return state.cancelled
        }
        if cancelled {
            head.resume(throwing: CancellationError())
            body.finish(throwing: CancellationError())
        }
        return !cancelled
    }

    /// The task waiting for the head was cancelled.
    func cancel() {
        let head = state.withLock { state in
            state.cancelled = true
            return state.head.take()
        }
        head?.resume(throwing: CancellationError())
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let head = state.withLock { $0.head.take() }
        if let response = response as? HTTPURLResponse {
            completionHandler(.allow)
            head?.resume(returning: response)
        } else {
            completionHandler(.cancel)
            head?.resume(throwing: URLError(.badServerResponse))
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if case .dropped = body.yield(data) {
            // The reader fell too far behind: drop the connection rather than hold an ever longer backlog.
            body.finish(throwing: MarqueeError.offline)
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let head = state.withLock { $0.head.take() }
        if let error {
            let mapped = URLSessionTransport.mapped(error)
            head?.resume(throwing: mapped)
            body.finish(throwing: mapped)
        } else {
            head?.resume(throwing: URLError(.badServerResponse))
            body.finish()
        }
        session.finishTasksAndInvalidate()
    }
}
