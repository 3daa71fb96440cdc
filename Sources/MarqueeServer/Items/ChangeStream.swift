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

    func run(
        _ subscription: Hub.Subscription, events: AsyncStream<Hub.Event>, since: ResumePoint?,
        writer: inout any ResponseBodyWriter
    ) async throws {
        let opening = try await catchUp(from: since)
        try await writer.write(contentsOf: [ServerSentEvents.retry] + opening.frames)
        var cursor = StreamCursor(last: opening.last, heartbeatsPerSessionCheck: heartbeatsPerSessionCheck)
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
                    let missed = try await catchUp(from: ResumePoint(seq: from))
                    try await writer.write(contentsOf: missed.frames)
                    cursor.caughtUp(to: missed.last)
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

    /// The frames that bring a client from `point` up to date (a snapshot when there is no `point` or the log cannot
    /// replay from it), and the sequence number the client then has.
    func catchUp(from point: ResumePoint?) async throws -> (frames: [ByteBuffer], last: Int64) {
        guard var point else { return try await snapshot(.start) }
        var frames: [ByteBuffer] = []
        while true {
            switch try await items.changes(for: auth.userID, after: point, limit: 500) {
            case .compacted:
                return try await snapshot(.compacted)
            case .reset:
                return try await snapshot(.reset)
            case .changes(let changes, _):
                frames += changes.map(ServerSentEvents.change)
                // The rest of the log follows from a change just read: its number alone is enough.
                point = ResumePoint(seq: changes.last?.seq ?? point.seq)
                if changes.count < 500 { return (frames, point.seq) }
            }
        }
    }

    private func snapshot(_ reason: SnapshotReason) async throws -> (frames: [ByteBuffer], last: Int64) {
        let (all, point) = try await items.snapshot(for: auth.userID)
        return ([ServerSentEvents.snapshot(.init(items: all, point: point, reason: reason))], point.seq)
    }

    /// Whether the stream's sign-in is still active (true when that cannot be told just now).
    func sessionIsActive() async -> Bool {
        (try? await tokens.isActive(sessionID: auth.sessionID, of: auth.userID)) ?? true
    }
}
