import HTTPTypes
import Hummingbird
import Logging
import MarqueeAccounts
import MarqueeCore
import MarqueeSaved

/// The first steps of every live stream, whether the route or the connection-level `LiveStreamHandler` serves it:
/// who is asking, and from which point (`ResumePoint`) they resume.
struct LiveStreamOpener: Sendable {
    /// The stream's path.
    static let path = "/api/v1/me/changes/stream"

    /// The response headers of a stream.
    static let headers: HTTPFields = [
        .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", .accelBuffering: "no",
    ]

    let items: SavedItemService
    let authentication: AuthenticationMiddleware
    let heartbeatsPerSessionCheck: Int
    /// The lane snapshots are read in (`WorkLane`).
    let bulk: WorkLane

    /// The stream a request asks for and where it resumes (`Last-Event-ID`, else `?since=`; nil: from a snapshot).
    /// Throws the error the client should see when the request is not signed in or names a bad point.
    func stream(for request: Request, logger: Logger) async throws -> (stream: ChangeStream, since: ResumePoint?) {
        let query = try QueryString(request.uri)
        let auth = try await authentication.authenticate(request)
        let since =
            try Self.since(request.headers[.lastEventID], name: "Last-Event-ID")
            ?? Self.since(query["since"], name: "since")
        let stream = ChangeStream(
            items: items, tokens: authentication.authenticator.tokens, auth: auth,
            heartbeatsPerSessionCheck: heartbeatsPerSessionCheck,
            logger: logger, bulk: bulk)
        return (stream, since)
    }

    /// Checks, once subscribed, that the sign-in is still active: a sign-out between authenticating and subscribing
    /// would not reach the new stream.
    func confirmActive(_ stream: ChangeStream) async throws {
        guard
            try await authentication.authenticator.tokens.isActive(
                sessionID: stream.auth.sessionID, of: stream.auth.userID)
        else {
            throw DomainError(.sessionEnded, "This sign-in has ended. Please sign in again.")
        }
    }

    /// A resume point (an event's id, or a bare sequence number) from a header or the query, or nil when absent.
    /// Empty counts as absent: some SSE clients send `Last-Event-ID:` with nothing before they have seen an id.
    static func since(_ text: String?, name: String) throws -> ResumePoint? {
        guard let text, !text.isEmpty else { return nil }
        guard let point = ResumePoint(text) else {
            throw DomainError(
                .badSince,
                "\(name) must be the id of the last event received (such as 42:1f3a9c0b) or a sequence number.")
        }
        return point
    }
}

extension HTTPField.Name {
    static let lastEventID = Self("Last-Event-ID")!
    static let accelBuffering = Self("X-Accel-Buffering")!
}
