public import Foundation
public import MarqueeWire

/// The signed-in person's saved items, held on the device: it answers "is this hearted?" without a request, feeds
/// the favourites and watchlist screens, and keeps itself current from the live feed.
///
/// Writes go through it. Each is applied here at once and marked `.pending`; `await`ing it returns as soon as it is
/// accepted locally, and `confirmation(of:)` awaits the server's answer. Writes are sent one at a time, in the order
/// they were made; one that cannot reach the server waits (across launches too, in the `MirrorStore`) and is sent
/// when the server answers again. One the server turns down is dropped, its item shown as the server has it and
/// marked `.refused`, and listed in `refusals()`; so is one that waited more than a week. A removal waiting from
/// offline gives way to a newer change of the item made elsewhere, as the web app's does.
///
/// The live feed's changes and snapshots are applied under the waiting writes, which stay on top until answered. A
/// snapshot (the feed's first, or one after the server lost track of this device) replaces the items at once, so
/// screens never show the lists half-loaded.
///
/// Resuming: the mirror keeps the sequence number of the change its items reflect. At `start()` it lets the feed
/// resume only from a point of that same change (a `FileResumePointStore` beside the mirror's file usually has it);
/// otherwise the feed is made to start with a snapshot. Should a change ever arrive out of sequence, the mirror asks
/// the feed for a snapshot again (reconnecting it), rather than show lists with a gap.
///
/// ```swift
/// let mirror = ItemMirror(client: client, feed: feed, store: FileMirrorStore(directory: support))
/// await mirror.start()
/// let hearted = await mirror.isSaved(list: .favorites, kind: .movie, id: "603")
/// let ticket = try await mirror.save(list: .favorites, kind: .movie, id: "603", SavedItemEdit(snapshot: snapshot))
/// ```
public actor ItemMirror {
    /// The longest a write waits to be sent before it is dropped: a week later, the lists have moved on.
    static let writeLifetime: TimeInterval = 7 * 86_400
    /// How many answers `confirmation(of:)` still knows once given.
    static let settledLimit = 512

    let client: MarqueeClient
    let feed: ChangeFeed
    let store: any MirrorStore
    let now: @Sendable () -> Date
    let sleep: @Sendable (Duration) async throws -> Void

    /// Between `start()` and `stop()`.
    var started = false
    /// Whose items these are; nil while no one is signed in.
    var userID: String?
    var layers = MirrorLayers()
    /// What the reads answer, rebuilt after each change.
    var shown: [ItemKey: MirroredItem] = [:]
    var refusalList: [Refusal] = []
    /// `updatedAt` of each item as this device's latest save left it: a change carrying it is this device's own.
    var ownStamps: [ItemKey: Date] = [:]
    /// The answers to writes, for `confirmation(of:)`, and the order they came in.
    var settled: [WriteTicket: Result<ItemChange?, MarqueeError>] = [:]
    var settledOrder: [WriteTicket] = []
    var waiters: [WriteTicket: [UUID: CheckedContinuation<ItemChange?, any Error>]] = [:]
    var observers: [UUID: AsyncStream<Void>.Continuation] = [:]
    var sessionWatch: Task<Void, Never>?

    // The live feed: the task reading it, and its number (events of a replaced reader are ignored).
    var feedReader: Task<Void, Never>?
    var feedGeneration = 0
    /// The sign-in (`StoredSession.sessionID`) the feed was last subscribed under: a stream that ends as signed out
    /// was an older sign-in's when the session now is another of the same person.
    var subscribedSession: String?

    // Sending: the task, its number, the write on its way, and the wait after a failure.
    var sender: Task<Void, Never>?
    var senderGeneration = 0
    var inFlight: WriteTicket?
    var backoff: Task<Void, Never>?
    var failures = 0
    /// `retryNow()` came while an attempt was on its way: no wait after it.
    var retryRequested = false
    /// Removals on their way when a newer change of their item came: dropped if they do not arrive.
    var yielding: Set<WriteTicket> = []

    // Saving to the store: the task writing, whether more changed since it began, and whether the store may be
    // written (not when what it holds could not be read).
    var saving: Task<Void, Never>?
    var dirty = false
    var canPersist = true

    /// A mirror of the lists of whoever is signed in to `client`, kept current by `feed` and kept between launches
    /// in `store`. `now` stamps writes; `sleep` waits before sending again after the server could not be reached
    /// (tests pass one that waits until `retryNow()`).
    public init(
        client: MarqueeClient, feed: ChangeFeed, store: any MirrorStore,
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.client = client
        self.feed = feed
        self.store = store
        self.now = now
        self.sleep = sleep
    }

    deinit {
        for continuation in observers.values { continuation.finish() }
    }

    /// Loads what the store kept for whoever is signed in (another person's is discarded), subscribes to the feed
    /// and connects it (from a snapshot unless it can resume where the items stand), and sends the waiting writes.
    /// Then follows the session: signing in as someone else discards the mirror and starts afresh. Returns once the
    /// stored items can be read.
    public func start() async {
        guard !started else { return }
        started = true
        if let user = await client.sessions.userID() {
            await adopt(user)
        }
        watchSessions()
    }

    /// Stops following the feed and sending, and saves what the mirror holds. Waiting writes stay queued for the
    /// next `start()`; `confirmation(of:)` calls waiting for them end with `MarqueeError.cancelled`. The feed stays
    /// connected, for its other consumers: disconnect it when done.
    public func stop() async {
        guard started else { return }
        started = false
        sessionWatch?.cancel()
        sessionWatch = nil
        feedReader?.cancel()
        feedReader = nil
        feedGeneration += 1
        sender?.cancel()
        sender = nil
        senderGeneration += 1
        inFlight = nil
        backoff?.cancel()
        for ticket in Array(waiters.keys) { resumeWaiters(of: ticket, with: .failure(.cancelled)) }
        await flush()
    }

    /// Forgets everything this device holds for the person — the items, the waiting writes, the stored copy — as an
    /// app should when someone signs out on purpose, so that the next person on a shared device sees none of it.
    /// (A session the server ended keeps the mirror, so that the same person signing back in loses no write.)
    public func forget() async {
        await stop()
        layers = MirrorLayers()
        for ticket in Array(waiters.keys) { resumeWaiters(of: ticket, with: .failure(.signedOut)) }
        shown = layers.shown()
        for continuation in observers.values { continuation.yield() }
        try? await store.remove()
    }

    /// The items of `list` (only of `kinds` when given), newest saved first.
    public func items(in list: SavedList, kinds: Set<SavedKind>? = nil) -> [MirroredItem] {
        shown.values
            .filter { $0.item.list == list && (kinds?.contains($0.item.kind) ?? true) }
            .sorted { first, second in
                guard first.item.createdAt == second.item.createdAt else {
                    return first.item.createdAt > second.item.createdAt
                }
                return ItemKey(first.item) < ItemKey(second.item)
            }
    }

    /// Whether the item is on the list, as the mirror shows it (waiting writes applied).
    public func isSaved(list: SavedList, kind: SavedKind, id: String) -> Bool {
        shown[ItemKey(list, kind, id)] != nil
    }

    /// The item, as the mirror shows it; nil when it is not on the list.
    public func item(list: SavedList, kind: SavedKind, id: String) -> MirroredItem? {
        shown[ItemKey(list, kind, id)]
    }

    /// A tick after each change of what the mirror shows; read the mirror again on each. A slow reader gets one
    /// tick for many changes. The stream ends when the mirror is gone.
    public func updates() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        return stream
    }

    /// How many writes wait to be sent or answered.
    public var pendingCount: Int { layers.queue.count }

    /// Whether the items were filled from the server at least once for this person: until then (a first launch,
    /// before the feed's first snapshot) an empty list means "not loaded yet" rather than "nothing saved".
    public var isSynced: Bool { layers.appliedSeq != nil }

    /// Takes `user`'s stored contents if the store has them, or starts empty for them (discarding another
    /// person's), then follows the feed and sends what waits. For the person held already (a `start()` after
    /// `stop()`), what memory holds stands: it is at least as new as the store.
    func adopt(_ user: String) async {
        if user != userID {
            let stored: MirrorContents?
            do {
                stored = try await store.load()
                canPersist = true
            } catch {
                stored = nil
                canPersist = false
            }
            guard started else { return }
            for write in layers.queue { settle(write.ticket, .failure(.signedOut)) }
            userID = user
            ownStamps = [:]
            refusalList = []
            if let stored, stored.userID == user {
                layers = MirrorLayers(stored)
                // Kept through a restart: sent late, as if made offline.
                for index in layers.queue.indices { layers.queue[index].delayed = true }
            } else {
                layers = MirrorLayers()
                if stored != nil { try? await store.remove() }
            }
        }
        dropExpired()
        changed()
        await subscribe(forceSnapshot: false)
        kickSender()
    }

    /// Follows the session: another person signing in replaces the mirror; the same person back after the session
    /// ended resumes the feed and the sending.
    private func watchSessions() {
        let sessions = client.sessions
        sessionWatch = Task { [weak self] in
            for await state in await sessions.authState {
                guard let self else { return }
                await self.sessionChanged(state)
            }
        }
    }

    private func sessionChanged(_ state: AuthState) async {
        guard started, case .signedIn(let session, _) = state else { return }
        if session.userID != userID {
            await adopt(session.userID)
        } else {
            // Signed out and back in before the feed ended the old sign-in's stream: follow the new one now.
            if feedReader == nil || session.sessionID != subscribedSession { await subscribe(forceSnapshot: false) }
            kickSender()
        }
    }

    /// After each change: what the reads answer is rebuilt, observers are told, and the store is written.
    func changed() {
        shown = layers.shown()
        for continuation in observers.values { continuation.yield() }
        persist()
    }

    private func removeObserver(_ id: UUID) {
        observers[id] = nil
    }

    /// Keeps the answer to a write for `confirmation(of:)`, and hands it to whoever waits for it.
    func settle(_ ticket: WriteTicket, _ result: Result<ItemChange?, MarqueeError>) {
        if settled.updateValue(result, forKey: ticket) == nil { settledOrder.append(ticket) }
        if settledOrder.count > Self.settledLimit {
            settled[settledOrder.removeFirst()] = nil
        }
        resumeWaiters(of: ticket, with: result)
    }

    func resumeWaiters(of ticket: WriteTicket, with result: Result<ItemChange?, MarqueeError>) {
        guard let waiting = waiters.removeValue(forKey: ticket) else { return }
        for continuation in waiting.values { continuation.resume(with: result.mapError { $0 as any Error }) }
    }

    // MARK: Persistence

    /// Writes the store soon: changes made while a write is on its way go in the next one.
    func persist() {
        guard canPersist, userID != nil else { return }
        dirty = true
        guard saving == nil else { return }
        saving = Task { await self.writeOut() }
    }

    private func writeOut() async {
        while dirty {
            dirty = false
            guard canPersist, let user = userID else { break }
            // A write that fails costs at most what changed since the last one, should the app end before the next.
            try? await store.save(layers.contents(for: user))
        }
        saving = nil
    }

    /// Returns once what the mirror holds now is in the store.
    func flush() async {
        while let saving {
            await saving.value
        }
    }
}
