import Logging
import MarqueeCore
import MarqueeSaved
import MarqueeStore
import MarqueeStoreSQL
import MarqueeWire
import NIOCore
import ServiceLifecycle

/// Acts on what the other instances sharing the database announce: a change saved there reaches the live streams
/// open here, and a sign-in ended there is forgotten here and its streams closed.
///
/// A notice only says "this person's log reached seq N"; the change itself is read from the database. If notices
/// were missed (the bus reconnected), every person with a stream here is caught up from their log, and streams fill
/// any remaining gap themselves from the next change they see or when their client resumes.
struct InstanceBusService: Service {
    let bus: any InstanceBus
    let items: SavedItemService
    let hub: ChangeHub<ByteBuffer>
    let sessionCache: CachedSessionStore
    /// Closes the streams of ended sign-ins: the same routing as for sign-ins ended here.
    let sessionsEnded: @Sendable (SessionNotice) -> Void
    /// Tells a person's live streams here that their profile changed (on another instance).
    let profileChanged: @Sendable (UserID) async -> Void
    /// Whether a sign-in of a person is still active, asked of the database.
    let sessionIsActive: @Sendable (_ sessionID: String, _ user: UserID) async throws -> Bool
    let logger: Logger

    func run() async throws {
        let events = bus.messages()
        await cancelWhenGracefulShutdown {
            // How far each watched person's changes were published here, so a burst of notices (an import on
            // another instance) is read in pages rather than one query per notice.
            var published: [UserID: Int64] = [:]
            for await event in events {
                switch event {
                case .message(let message):
                    if let notice = ItemChangeNotice(message: message) {
                        await deliver(through: notice.seq, of: notice.user, published: &published)
                    } else if let notice = SessionNotice(message: message) {
                        sessionCache.forget(notice)
                        sessionsEnded(notice)
                    } else if let notice = ProfileNotice(message: message), hub.isWatched(notice.user) {
                        // Read beside the loop, so that changes and sign-outs behind it are not held up.
                        Task { await profileChanged(notice.user) }
                    }
                case .resumed:
                    sessionCache.forgetEverything()
                    await endStreamsOfEndedSessions()
                    published = published.filter { hub.isWatched($0.key) }
                    for user in hub.watchedUsers { await catchUp(user, published: &published) }
                }
            }
        }
    }

    /// After a gap in the notices: a sign-in ended on another instance meanwhile was not heard of here, so its
    /// streams are closed now, before the changes saved meanwhile reach them.
    private func endStreamsOfEndedSessions() async {
        for user in hub.watchedUsers {
            for session in hub.sessions(of: user) {
                // When the database cannot say, the stream's own periodic check closes it later.
                guard let active = try? await sessionIsActive(session, user), !active else { continue }
                sessionsEnded(.ended(session))
            }
        }
    }

    /// Publishes `user`'s changes up to `seq` that were not yet published here.
    private func deliver(through seq: Int64, of user: UserID, published: inout [UserID: Int64]) async {
        guard hub.isWatched(user) else {
            published[user] = nil
            return
        }
        let after = published[user] ?? seq - 1
        guard after < seq else { return }
        await publish(user, after: after, published: &published)
    }

    /// After a gap in the notices: publishes what a watched person saved meanwhile (from where this instance left
    /// off, or just their latest change; their streams fill any earlier gap themselves).
    private func catchUp(_ user: UserID, published: inout [UserID: Int64]) async {
        do {
            let latest = try await items.latest(for: user)
            let after = published[user] ?? latest - 1
            guard latest > 0, after < latest else { return }
            await publish(user, after: after, published: &published)
        } catch {
            logger.warning("Could not catch up after the instance bus resumed", metadata: ["error": "\(error)"])
        }
    }

    private func publish(_ user: UserID, after: Int64, published: inout [UserID: Int64]) async {
        do {
            let replay = try await items.changes(for: user, after: ResumePoint(seq: after), limit: 500)
            guard case .changes(let changes, _) = replay else { return }
            for change in changes { hub.publish(change, for: user) }
            if let last = changes.last { published[user] = last.seq }
        } catch {
            logger.warning("Could not read a change another instance announced", metadata: ["error": "\(error)"])
        }
    }
}
