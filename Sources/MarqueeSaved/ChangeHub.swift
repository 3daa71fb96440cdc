package import MarqueeCore
package import MarqueeWire
import Synchronization

/// Hands each person's changes to every open live stream of theirs, and to nobody else.
///
/// Publishing only queues the change (the write path never waits for streams); one task fans it out, encoding it
/// once into a `Frame` that all of the person's streams share. Each stream has a bounded buffer: a stream that
/// falls that far behind is ended rather than allowed to hold anything up, and its client resumes from the last
/// event it saw, losing nothing. One person may have at most `streamLimit` streams open here: each stream
/// that stops reading holds its backlog, so without a limit one account could hold the server's memory.
package final class ChangeHub<Frame: Sendable>: Sendable {
    /// What a stream receives.
    package enum Event: Sendable {
        /// A change and its encoded form.
        case change(seq: Int64, frame: Frame)
        /// Time to show the connection is alive (and to re-check the sign-in).
        case heartbeat
        /// The stream must end: the session was signed out or the account deleted.
        case ended
        /// Something about the account other than its saved items changed (its preferences): sent as it is, outside
        /// the numbered changes, since a client that missed it reads the account afresh when it reconnects.
        case notice(frame: Frame)
    }

    /// Where one stream's events go: into an `AsyncStream` a task reads, or straight to a caller that handles each
    /// event as it comes (a connection that writes the frame at once, with no task waiting per stream).
    package struct Sink: Sendable {
        /// Takes one event; false when the stream has fallen too far behind (the hub then drops it).
        package var deliver: @Sendable (Event) -> Bool
        /// The stream is over: it fell behind, was closed, or the hub shut down.
        package var finish: @Sendable () -> Void

        /// A sink with these two callbacks.
        package init(deliver: @escaping @Sendable (Event) -> Bool, finish: @escaping @Sendable () -> Void) {
            self.deliver = deliver
            self.finish = finish
        }
    }

    /// One open stream. Dropping it unsubscribes.
    package final class Subscription: Sendable {
        fileprivate let id: Int
        fileprivate let user: UserID
        fileprivate weak let hub: ChangeHub?

        fileprivate init(id: Int, user: UserID, hub: ChangeHub) {
            self.id = id
            self.user = user
            self.hub = hub
        }

        /// Ends the stream (its sink finishes) without telling the client the sign-in ended: it reconnects.
        package func close() { hub?.remove(id: id, user: user) }

        deinit { hub?.remove(id: id, user: user) }
    }

    private struct Subscriber {
        let sessionID: String
        let sink: Sink
    }

    private struct State {
        var nextID = 0
        var byUser: [UserID: [Int: Subscriber]] = [:]
    }

    private let state = Mutex(State())
    private let inbox: AsyncStream<(UserID, ItemChange)>
    private let inboxContinuation: AsyncStream<(UserID, ItemChange)>.Continuation
    private let encode: @Sendable (ItemChange) -> Frame
    private let bufferSize: Int
    private let streamLimit: Int

    /// Creates a hub that encodes changes with `encode`, lets a stream fall `bufferSize` events behind, and lets one
    /// person open `streamLimit` streams.
    package init(bufferSize: Int = 1_024, streamLimit: Int = 100, encode: @escaping @Sendable (ItemChange) -> Frame) {
        (inbox, inboxContinuation) = AsyncStream.makeStream(of: (UserID, ItemChange).self)
        self.encode = encode
        self.bufferSize = bufferSize
        self.streamLimit = streamLimit
    }

    /// Opens a stream of `user`'s changes for a client signed in with `sessionID`, read as an `AsyncStream` that
    /// ends early if the reader falls `bufferSize` events behind. Throws `items.too_many_streams` at the limit.
    package func subscribe(user: UserID, sessionID: String) throws -> (
        subscription: Subscription, events: AsyncStream<Event>
    ) {
        let (events, continuation) = AsyncStream.makeStream(
            of: Event.self, bufferingPolicy: .bufferingOldest(bufferSize))
        let sink = Sink(
            deliver: { event in
                if case .dropped = continuation.yield(event) { return false }
                return true
            },
            finish: { continuation.finish() })
        return (try subscribe(user: user, sessionID: sessionID, sink: sink), events)
    }

    /// Opens a stream of `user`'s changes for a client signed in with `sessionID`, delivered to `sink`. Events come
    /// one at a time, in order, from the hub's fan-out task (or from whoever ends the session): `deliver` must only
    /// hand the event on, never wait. Throws `items.too_many_streams` at the limit.
    package func subscribe(user: UserID, sessionID: String, sink: Sink) throws -> Subscription {
        let id = state.withLock { state -> Int? in
            guard state.byUser[user, default: [:]].count < streamLimit else { return nil }
            state.nextID += 1
            state.byUser[user, default: [:]][state.nextID] = Subscriber(sessionID: sessionID, sink: sink)
            return state.nextID
        }
        guard let id else {
            throw DomainError(
                .tooManyStreams,
                "This account already has \(streamLimit) live streams open, the most it can have. "
                    + "Close some tabs or sign out on devices you no longer use.")
        }
        return Subscription(id: id, user: user, hub: self)
    }

    /// Queues a committed change for delivery; returns at once. A change of someone with no stream open here goes
    /// nowhere (waking the fan-out task for it cost about 4% of a save): a stream opened later subscribes first and
    /// then reads the log, so it finds the change there.
    package func publish(_ change: ItemChange, for user: UserID) {
        guard isWatched(user) else { return }
        inboxContinuation.yield((user, change))
    }

    /// Ends the streams of one session.
    package func endSession(_ sessionID: String) {
        end { $0.sessionID == sessionID }
    }

    /// Ends every stream of a person.
    package func endAll(of user: UserID) {
        let doomed = state.withLock { $0.byUser.removeValue(forKey: user) } ?? [:]
        for subscriber in doomed.values { Self.finish(subscriber) }
    }

    /// Whether `user` has a stream open here.
    package func isWatched(_ user: UserID) -> Bool {
        state.withLock { $0.byUser[user] != nil }
    }

    /// The sign-ins whose streams of `user` are open here.
    package func sessions(of user: UserID) -> Set<String> {
        state.withLock { Set(($0.byUser[user] ?? [:]).values.map(\.sessionID)) }
    }

    /// Everyone with a stream open here.
    package var watchedUsers: [UserID] {
        state.withLock { Array($0.byUser.keys) }
    }

    /// Hands `frame` to every stream of `user` open here, at once and outside the numbered changes.
    package func notify(_ user: UserID, _ frame: Frame) {
        guard let subscribers = state.withLock({ $0.byUser[user] }) else { return }
        // A stream too far behind to take it is ended, as for a change: its client reconnects and reads afresh.
        let laggards = subscribers.filter { !$0.value.sink.deliver(.notice(frame: frame)) }.map(\.key)
        guard !laggards.isEmpty else { return }
        let removed = state.withLock { state in laggards.compactMap { state.byUser[user]?.removeValue(forKey: $0) } }
        for subscriber in removed { subscriber.sink.finish() }
    }

    /// Sends a heartbeat to every stream.
    package func heartbeat() {
        for subscriber in state.withLock({ $0.byUser.values.flatMap(\.values) }) {
            _ = subscriber.sink.deliver(.heartbeat)
        }
    }

    /// Delivers queued changes until the task is cancelled.
    package func run() async {
        for await (user, change) in inbox {
            guard let subscribers = state.withLock({ $0.byUser[user] }) else { continue }
            let event = Event.change(seq: change.seq, frame: encode(change))
            var laggards: [Int] = []
            for (id, subscriber) in subscribers {
                if !subscriber.sink.deliver(event) { laggards.append(id) }
            }
            if !laggards.isEmpty {
                let removed = state.withLock { state in
                    laggards.compactMap { state.byUser[user]?.removeValue(forKey: $0) }
                }
                for subscriber in removed { subscriber.sink.finish() }
            }
        }
    }

    /// Stops accepting changes (the fan-out task then finishes) and closes every stream.
    package func shutDown() {
        inboxContinuation.finish()
        let all = state.withLock { state in
            defer { state.byUser = [:] }
            return state.byUser.values.flatMap(\.values)
        }
        for subscriber in all { subscriber.sink.finish() }
    }

    private func end(where matches: (Subscriber) -> Bool) {
        let doomed = state.withLock { state in
            var doomed: [Subscriber] = []
            for (user, subscribers) in state.byUser {
                for (id, subscriber) in subscribers where matches(subscriber) {
                    doomed.append(subscriber)
                    state.byUser[user]?[id] = nil
                }
            }
            return doomed
        }
        for subscriber in doomed { Self.finish(subscriber) }
    }

    private static func finish(_ subscriber: Subscriber) {
        _ = subscriber.sink.deliver(.ended)
        subscriber.sink.finish()
    }

    fileprivate func remove(id: Int, user: UserID) {
        let removed = state.withLock { state -> Subscriber? in
            let removed = state.byUser[user]?.removeValue(forKey: id)
            if state.byUser[user]?.isEmpty == true { state.byUser[user] = nil }
            return removed
        }
        removed?.sink.finish()
    }
}
