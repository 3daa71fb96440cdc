public import Foundation
import MarqueeWire

/// The account's live changes: one connection to `GET /api/v1/me/changes/stream`, shared by every consumer, that
/// comes back by itself when it drops.
///
/// - `connect()` starts it, `disconnect()` stops it until `connect()` is called again. `setActive(_:)` follows the
///   app to the background and back; `setReachable(_:)` says the network is back.
/// - Each call of `changes()` is a consumer; all get every event. A consumer that stops reading is finished with
///   `FellBehind` once its buffer is full, rather than buffered without end or silently left with a gap.
/// - It resumes where it stopped (`Last-Event-ID`), across launches too with a `FileResumePointStore`, and gathers
///   a snapshot sent in parts into one `.snapshot`.
/// - Waits between attempts grow from one second to a minute, spread at random, never below the server's `retry:`
///   nor, when the server refused with `Retry-After`, below that; a connection silent for the policy's idle timeout
///   is replaced. A rejected token is renewed once through `FeedCredentials` before trying again.
/// - When the session ends (the server's `end` event, or credentials that cannot be renewed), the feed stops and
///   every consumer's stream ends with `MarqueeError.signedOut`.
///
/// While connected or trying to be, the feed's connection task keeps it alive: call `disconnect()` when done.
public actor ChangeFeed {
    /// Ends the stream of a consumer that let `bufferLimit` events pile up unread. The events it missed cannot be
    /// sent again: read the lists afresh (`GET /api/v1/me/items`) and call `changes()` again.
    public struct FellBehind: Error, Sendable, Equatable {
        /// The consumer's buffer, in events.
        public var bufferLimit: Int
    }

    /// Ends every consumer's stream when someone else signs in on this device under an open feed: what it held is
    /// the last person's. Read the new person's lists afresh, and call `changes()` and `connect()` again.
    public struct UserChanged: Error, Sendable, Equatable {}

    private struct Consumer {
        var continuation: AsyncThrowingStream<LiveEvent, any Error>.Continuation
        var bufferLimit: Int
    }

    let streamURL: URL
    let transport: any MarqueeTransport
    let credentials: any FeedCredentials
    let resumePoints: any ResumePointStore
    let policy: ReconnectPolicy
    let sleep: @Sendable (Duration) async throws -> Void

    private var consumers: [Int: Consumer] = [:]
    private var nextConsumer = 0
    /// `connect()` was called, and neither `disconnect()` nor the end of the session came since.
    private var wanted = false
    private var active = true
    private var runner: Task<Void, Never>?
    /// Follows who is signed in, from the first `connect()` on.
    private var userWatch: Task<Void, Never>?
    /// Counts runners started and stopped: a runner whose number is no longer current is winding down, and must
    /// neither deliver nor change anything.
    private(set) var generation = 0
    /// A stream is open (its 200 came).
    private(set) var isConnected = false
    /// When the open stream opened.
    private var connectedAt: ContinuousClock.Instant?
    /// The server's `retry:`, the shortest wait before reconnecting.
    private var serverRetry: Duration?
    /// Whose resume point `resumePoint` is.
    private var pointUser: String?
    private var resumePoint: String?
    /// The items of the snapshot parts received so far, until the last part.
    private var snapshotParts: [SavedItem] = []

    /// A feed of the account at `baseURL` (the server's root, such as `https://marquee.example.com/`).
    ///
    /// `sleep` waits between attempts (tests pass one that records the waits); it throws only when cancelled.
    public init(
        baseURL: URL, transport: any MarqueeTransport, credentials: any FeedCredentials,
        resumePoints: any ResumePointStore = MemoryResumePointStore(), policy: ReconnectPolicy = ReconnectPolicy(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        streamURL = baseURL.appendingPathComponent("api/v1/me/changes/stream", isDirectory: false)
        self.transport = transport
        self.credentials = credentials
        self.resumePoints = resumePoints
        self.policy = policy
        self.sleep = sleep
    }

    deinit {
        userWatch?.cancel()
        for consumer in consumers.values { consumer.continuation.finish() }
    }

    /// A new consumer's events, from now on (starting with `.connected` when the feed is connected). The stream
    /// ends with `MarqueeError.signedOut` when the session ends, with `UserChanged` when someone else signs in, and
    /// with `FellBehind` when `bufferLimit` events are waiting unread; ending it (cancelling its task) leaves the
    /// feed and the other consumers as they are.
    public func changes(bufferLimit: Int = 10_000) -> AsyncThrowingStream<LiveEvent, any Error> {
        let bufferLimit = max(bufferLimit, 1)
        let (stream, continuation) = AsyncThrowingStream<LiveEvent, any Error>.makeStream(
            bufferingPolicy: .bufferingOldest(bufferLimit))
        let id = nextConsumer
        nextConsumer += 1
        consumers[id] = Consumer(continuation: continuation, bufferLimit: bufferLimit)
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.removeConsumer(id) }
        }
        if isConnected { continuation.yield(.connected) }
        return stream
    }

    /// Connects, and keeps connecting until `disconnect()` or the end of the session. Does nothing when the feed is
    /// connected or connecting already; while the app is in the background, it connects when the app comes back.
    public func connect() {
        wanted = true
        watchUser()
        start()
    }

    /// Closes the connection and stops reconnecting until `connect()` is called again; consumers get
    /// `.disconnected` with `.stopped` and stay subscribed. The connection's task winds down on its own: nothing it
    /// still reads is delivered.
    public func disconnect() {
        wanted = false
        stop()
    }

    /// Follows the app's lifecycle: going to the background (false) closes the connection, coming back (true)
    /// reconnects if `connect()` was called.
    public func setActive(_ active: Bool) {
        self.active = active
        if active {
            start()
        } else {
            stop()
        }
    }

    /// Says whether the network is reachable. When it comes back and the feed is not connected, it tries again at
    /// once with its waits reset. Being told it is gone changes nothing: a connection that is really lost is
    /// noticed by the transport or the idle timeout, and reachability reports can be wrong.
    public func setReachable(_ reachable: Bool) {
        guard reachable, wanted, active, !isConnected else { return }
        if let runner {
            runner.cancel()
            self.runner = nil
            generation += 1
        }
        start()
    }

    /// Forgets where the feed would resume, here and in its store: the next connection starts with a snapshot. For
    /// an app that lost what it held.
    public func forgetResumePoint() async {
        resumePoint = nil
        await resumePoints.clear()
    }

    /// Whether the feed is connected or trying to be.
    var isRunning: Bool { runner != nil }

    private func start() {
        guard wanted, active, runner == nil else { return }
        generation += 1
        let generation = generation
        runner = Task { await self.run(generation) }
    }

    private func stop() {
        guard let runner else { return }
        self.runner = nil
        generation += 1
        isConnected = false
        runner.cancel()
        broadcast(.disconnected(LiveEvent.Disconnection(reason: .stopped, retryIn: nil)))
    }

    /// Connects, reads, and reconnects after waiting, until cancelled or signed out.
    private func run(_ generation: Int) async {
        defer {
            if generation == self.generation {
                runner = nil
                isConnected = false
            }
        }
        var failures = 0
        var rejectionsInARow = 0
        while !Task.isCancelled, generation == self.generation {
            let ending = await attempt(generation)
            guard !Task.isCancelled, generation == self.generation else { return }
            let wasConnected = isConnected
            isConnected = false
            if wasConnected, let connectedAt, ContinuousClock.now - connectedAt >= policy.stableAfter { failures = 0 }

            var reason = Self.reason(for: ending)
            var now = false
            var wait: Duration?
            var rejected = false
            switch ending {
            case .signedOut:
                return signOut(generation)
            case .refused(let refusal) where refusal.status == 401:
                rejected = true
                do {
                    try await credentials.tokenRejected(refusal.token)
                    // A fresh token is tried at once; a fresh token refused again waits, not to spin.
                    now = rejectionsInARow == 0
                } catch MarqueeError.signedOut {
                    return signOut(generation)
                } catch {
                    reason = Self.reason(for: Self.ending(for: error))
                }
            case .refused(let refusal) where refusal.error.code == "items.bad_since":
                // The server does not know the point (another server's, or damaged): start from a snapshot.
                await forgetResumePoint()
                now = true
            case .refused(let refusal):
                wait = refusal.retryAfter.map { .seconds(min(max($0, 0), 3_600)) }
            default:
                break
            }
            rejectionsInARow = rejected ? rejectionsInARow + 1 : 0
            guard !Task.isCancelled, generation == self.generation else { return }

            var delay = Duration.zero
            if !now {
                let backoff = policy.delay(afterFailures: failures, random: .random(in: -1...1))
                failures += 1
                delay = max(wait ?? backoff, min(serverRetry ?? .zero, policy.maximumDelay))
            }
            if wasConnected || delay > .zero {
                broadcast(.disconnected(LiveEvent.Disconnection(reason: reason, retryIn: delay)))
            }
            if delay > .zero {
                do { try await sleep(delay) } catch { return }
            }
        }
    }

    private static func reason(for ending: ConnectionEnding) -> LiveEvent.Disconnection.Reason {
        switch ending {
        case .closed: .closed
        case .idle: .idle
        case .failed(let error): .failed(error)
        case .refused(let refusal): .failed(refusal.error)
        case .signedOut: .failed(.signedOut)
        case .cancelled: .failed(.offline)
        }
    }

    /// Before each connection: the user it is for, whose resume point to send. False when this runner is no longer
    /// current, or when the last connection was someone else's: then, as when the watch sees it, the consumers'
    /// streams end (`UserChanged`) and the feed stops, however the two learned of the change first.
    func adopt(user: String, generation: Int) async -> Bool {
        guard generation == self.generation else { return false }
        if pointUser != nil, user != pointUser {
            userChanged(to: user)
            return false
        }
        guard user != pointUser else { return true }
        let point = await resumePoints.load(for: user)
        guard generation == self.generation else { return false }
        pointUser = user
        resumePoint = point
        return true
    }

    /// The point to send as `Last-Event-ID`, and a clean start for snapshot parts.
    func prepareConnection() -> String? {
        snapshotParts = []
        return resumePoint.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A stream opened; false when this runner is no longer current.
    func opened(generation: Int) -> Bool {
        guard generation == self.generation else { return false }
        isConnected = true
        connectedAt = ContinuousClock.now
        broadcast(.connected)
        return true
    }

    /// Hands what one chunk of the stream said to every consumer and keeps the new resume point. Returns how the
    /// connection ends when the chunk ends it.
    func deliver(_ messages: [FeedMessage], generation: Int) async -> ConnectionEnding? {
        guard generation == self.generation else { return .cancelled }
        var point: String?
        var ending: ConnectionEnding?
        for message in messages {
            switch message {
            case .retry(let delay):
                serverRetry = delay
            case .change(let change, let id):
                broadcast(.change(change))
                if let id, !id.isEmpty { point = id }
            case .snapshotPart(let part, let id):
                snapshotParts += part.items
                guard !part.more else { continue }
                let items = snapshotParts
                snapshotParts = []
                broadcast(
                    .snapshot(LiveEvent.Snapshot(items: items, reason: .init(rawValue: part.reason), seq: part.seq)))
                if let id, !id.isEmpty { point = id }
            case .account(let profile):
                broadcast(.account(profile))
            case .end:
                ending = .signedOut
            }
            if ending != nil { break }
        }
        if let point, let user = pointUser {
            resumePoint = point
            await resumePoints.save(point, for: user)
        }
        return ending
    }

    private func broadcast(_ event: LiveEvent) {
        for (id, consumer) in consumers {
            switch consumer.continuation.yield(event) {
            case .enqueued:
                continue
            case .dropped:
                consumer.continuation.finish(throwing: FellBehind(bufferLimit: consumer.bufferLimit))
                consumers[id] = nil
            case .terminated:
                consumers[id] = nil
            @unknown default:
                continue
            }
        }
    }

    private func watchUser() {
        guard userWatch == nil else { return }
        userWatch = Task { [weak self, credentials] in
            for await user in await credentials.userChanges() {
                await self?.userChanged(to: user)
            }
        }
    }

    /// Someone else signed in on this device (or no one is, now): what the consumers hold and the connection
    /// brings is the last person's. As at a sign-out, every consumer's stream ends (`UserChanged`, or `signedOut`),
    /// and the feed stops until `connect()`, which starts from the new person's own resume point.
    private func userChanged(to user: String?) {
        guard let pointUser, user != pointUser else { return }
        runner?.cancel()
        signOut(generation, ending: user == nil ? MarqueeError.signedOut : UserChanged())
    }

    /// The session ended: stop for good (until `connect()`), and end every consumer's stream with `ending`.
    private func signOut(_ generation: Int, ending: any Error = MarqueeError.signedOut) {
        guard generation == self.generation else { return }
        // Whoever signs in next starts from their own point (the store keeps each person's).
        (pointUser, resumePoint) = (nil, nil)
        wanted = false
        runner = nil
        isConnected = false
        self.generation += 1
        let ended = consumers.values
        consumers = [:]
        for consumer in ended { consumer.continuation.finish(throwing: ending) }
    }

    private func removeConsumer(_ id: Int) {
        consumers[id] = nil
    }
}
