import Hummingbird
import Logging
import MarqueeAccounts
import MarqueeCore
import MarqueeSaved
import MarqueeStore
import NIOCore
import ServiceLifecycle

/// One live stream of a person's changes: replays what the client missed (or sends a snapshot), then delivers
/// changes as they are committed, in sequence order with no gaps, until the client leaves, falls too far behind,
/// or the sign-in ends.
struct ChangeStream {
    typealias Hub = ChangeHub<ByteBuffer>

    let items: SavedItemService
    let tokens: TokenIssuer
    let auth: Authentication
    /// How many heartbeats pass between checks that the sign-in is still active (ended sessions on this instance
    /// end their streams at once; this catches the rest).
    let heartbeatsPerSessionCheck: Int
    let logger: Logger
    /// The lane a snapshot's parts are read in.
    let bulk: WorkLane

    func run(
        _ subscription: Hub.Subscription, events: AsyncStream<Hub.Event>, since: ResumePoint?,
        writer: inout any ResponseBodyWriter
    ) async throws {
        try await writer.write(ServerSentEvents.retry)
        let opened = try await Self.write(catchUp(from: since), to: &writer)
        var cursor = StreamCursor(last: opened, heartbeatsPerSessionCheck: heartbeatsPerSessionCheck)
        // The HTTP server stops first when the process shuts down, and waits for open responses: close this one
        // then, so the client reconnects (to another instance, or this one restarted).
        let finished = try await withGracefulShutdownHandler {
            for await event in events {
                switch cursor.step(event) {
                case .skip:
                    continue
                case .send(let frame):
                    try await writer.write(frame)
                case .catchUp(let from):
                    cursor.caughtUp(to: try await Self.write(catchUp(from: ResumePoint(seq: from)), to: &writer))
                case .heartbeat(let checkSession):
                    if checkSession, !(await sessionIsActive()) {
                        try await writer.write(ServerSentEvents.end("session_ended"))
                        return true
                    }
                    try await writer.write(ServerSentEvents.heartbeat)
                case .end:
                    try await writer.write(ServerSentEvents.end("session_ended"))
                    return true
                }
            }
            return false
        } onGracefulShutdown: {
            subscription.close()
        }
        // Otherwise the hub dropped this stream (it fell behind) or the server is stopping: either way the client
        // reconnects with the last id it saw and loses nothing. Only the first is worth a line in the log.
        if !finished, !Task.isShuttingDownGracefully {
            logger.notice("Live stream closed by the hub", metadata: ["last_seq": "\(cursor.last)"])
        }
        try await writer.finish(nil)
    }

    /// What brings a client from `point` up to date: the changes after it, or a snapshot when there is no `point` or
    /// the log cannot replay from it.
    func catchUp(from point: ResumePoint?) -> CatchUp {
        CatchUp(items: items, user: auth.userID, from: point, bulk: bulk)
    }

    /// Writes every frame of `catchUp`, each once the writer takes it; returns the sequence number the client is at.
    private static func write(_ catchUp: CatchUp, to writer: inout any ResponseBodyWriter) async throws -> Int64 {
        while true {
            switch try await catchUp.next() {
            case .frame(let frame): try await writer.write(frame)
            case .upToDate(let last): return last
            }
        }
    }

    /// Whether the stream's sign-in is still active (true when that cannot be told just now).
    func sessionIsActive() async -> Bool {
        (try? await tokens.isActive(sessionID: auth.sessionID, of: auth.userID)) ?? true
    }
}
