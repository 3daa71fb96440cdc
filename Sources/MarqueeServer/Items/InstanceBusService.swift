import Logging
import MarqueeCore
import MarqueeSaved
import MarqueeStore
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
    let logger: Logger

    func run() async throws {
        let events = bus.messages()
        await cancelWhenGracefulShutdown {
            for await event in events {
                switch event {
                case .message(let message):
                    if let notice = ItemChangeNotice(message: message) {
                        await deliver(seq: notice.seq, of: notice.user)
                    } else if let notice = SessionNotice(message: message) {
                        end(notice)
                    }
                case .resumed:
                    sessionCache.forgetEverything()
                    for user in hub.watchedUsers { await deliver(seq: nil, of: user) }
                }
            }
        }
    }

    /// Publishes change `seq` of `user` (or their latest, when nil) to the streams here.
    private func deliver(seq: Int64?, of user: UserID) async {
        guard hub.isWatched(user) else { return }
        do {
            let after: Int64
            if let seq {
                after = seq - 1
            } else {
                // Reading past the end gives no changes, just the latest sequence number.
                guard case .changes(_, let latest) = try await items.changes(for: user, after: .max, limit: 1), latest > 0
                else { return }
                after = latest - 1
            }
            guard case .changes(let changes, _) = try await items.changes(for: user, after: after, limit: 1) else { return }
            for change in changes { hub.publish(change, for: user) }
        } catch {
            logger.warning("Could not read a change another instance announced", metadata: ["error": "\(error)"])
        }
    }

    private func end(_ notice: SessionNotice) {
        switch notice {
        case .ended(let sessionID):
            sessionCache.forget(sessionID)
            hub.endSession(sessionID)
        case .allEnded(let user):
            sessionCache.forgetAll(of: user)
            hub.endAll(of: user)
        }
    }
}
