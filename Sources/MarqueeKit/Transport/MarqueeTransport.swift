public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// How MarqueeKit talks to a Marquee server: one request and its whole answer, or a request whose answer keeps
/// coming (the live change stream). The SDK owns this seam so that apps and tests can put any HTTP stack behind it;
/// `URLSessionTransport` is the default.
public protocol MarqueeTransport: Sendable {
    /// Sends `request` and returns the whole response. Throws `CancellationError` when the task is cancelled, and
    /// `MarqueeError.offline` when the server cannot be reached at all.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)

    /// Sends `request` and returns the response head as soon as it arrives, with its body as it streams in. The
    /// body sequence ends when the server ends the response, and throws when the connection fails. Cancelling the
    /// task that iterates it closes the connection.
    func stream(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>)
}
