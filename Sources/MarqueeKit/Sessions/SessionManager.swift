public import Foundation
import MarqueeWire

/// Who is signed in on this device: the one owner of the session, which it keeps in a `SessionStorage`, renews when
/// its access token expires or is turned down, and forgets on sign-out.
///
/// Renewing is done once however many calls ask for it at the same time, and never sent twice by itself: a refresh
/// token is good for one use. A renewal that comes back after a sign-out or a sign-in as someone else is dropped.
/// The session ends only when the server says it has (an `auth.*` refusal of the refresh); offline, or a server
/// error, keeps it for later.
public actor SessionManager {
    private let storage: any SessionStorage
    private let now: @Sendable () -> Date
    /// The connection renewals go through: set once, synchronously, by `MarqueeClient.init`.
    private nonisolated let link = Locked<Connection?>(nil)

    /// The session, once the storage was read (`loaded`).
    private var current: StoredSession?
    private var loaded = false
    private var loading: Task<Void, any Error>?
    /// Counts sign-ins and sign-outs: work begun under one number is dropped when it ends under another.
    private var generation = 0
    /// The renewal in flight and the refresh token it spends.
    private var renewal: (refreshToken: String, task: Task<StoredSession, any Error>)?
    /// Storage writes, one after another in the order they were asked for.
    private var lastWrite: Task<Void, any Error>?
    /// Whether `current` is newer than what the storage holds (a write failed).
    private var unsaved = false
    private var subscribers: [UUID: AsyncStream<AuthState>.Continuation] = [:]

    /// Creates a manager of the session in `storage`, which it reads when first asked. `now` is the clock that
    /// says when access tokens expire.
    public init(storage: any SessionStorage, now: @escaping @Sendable () -> Date = { Date() }) {
        self.storage = storage
        self.now = now
    }

    /// The state now: `.unknown` until the storage was read.
    public var state: AuthState {
        guard loaded else { return .unknown }
        guard let current else { return .signedOut }
        return .signedIn(current, expired: current.isExpired(at: now(), leeway: 0))
    }

    /// The state as it changes, starting with the state now; reading the storage begins if it has not. A slow
    /// reader sees the latest state, not every one in between.
    public var authState: AsyncStream<AuthState> {
        let (stream, continuation) = AsyncStream.makeStream(of: AuthState.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        continuation.yield(state)
        if !loaded && loading == nil { loading = Task { try await readStorage() } }
        return stream
    }

    /// Reads the stored session if it was not read yet, and returns the state. Throws
    /// `MarqueeError.storageUnavailable` when the storage cannot be read now: the state stays `.unknown`, and the
    /// next call (or `restore()` again, say once the device is unlocked) reads it again.
    @discardableResult
    public func restore() async throws -> AuthState {
        try await loadIfNeeded()
        return state
    }

    /// The session, if someone is signed in.
    public func session() async throws -> StoredSession? {
        try await loadIfNeeded()
        return current
    }

    /// The signed-in account's id; nil when no one is signed in, or the storage cannot be read now.
    public func userID() async -> String? {
        try? await loadIfNeeded()
        return current?.userID
    }

    /// A current access token, renewed first if it has expired. Throws `.signedOut` when no one is signed in,
    /// `.storageUnavailable` when the storage cannot be read now, and, when a renewal is needed but fails, `.offline`
    /// or the server's error (the session is kept) or `.signedOut` (the server ended it).
    public func accessToken() async throws -> String {
        try await usableSession().accessToken
    }

    /// Says that the server turned down `token` (a 401), and returns once the session holds another: renewed now,
    /// by a renewal in flight, or by one that already ended (then at once). Throws as `accessToken()`.
    public func tokenRejected(_ token: String) async throws {
        try await loadIfNeeded()
        guard let session = current else { throw MarqueeError.signedOut }
        guard session.accessToken == token else { return }
        _ = try await renewed(session)
    }

    /// Forgets the session on this device, without telling the server (`MarqueeClient.signOut` tells it first).
    /// Throws when the storage could not forget it; the session is gone from memory either way.
    public func signOut() async throws {
        begin(nil)
        try await write(nil)
    }

    // MARK: For MarqueeClient

    /// Makes `connection` the one renewals are sent through.
    nonisolated func connect(_ connection: Connection) {
        link.withLock { $0 = connection }
    }

    /// The session with an access token that has not expired.
    func usableSession() async throws -> StoredSession {
        try await loadIfNeeded()
        guard let session = current else { throw MarqueeError.signedOut }
        if unsaved { retrySave(session) }
        guard session.isExpired(at: now()) else { return session }
        return try await renewed(session)
    }

    /// The session, if there is one that can be used now (a guest's only, with `guestOnly`); nil otherwise. A
    /// guest's session that cannot be renewed right now (offline, storage locked) throws rather than going without:
    /// a sign-in sent without it would leave the guest's saved items behind.
    func optionalSession(guestOnly: Bool) async throws -> StoredSession? {
        guard (try? await loadIfNeeded()) != nil, let session = current, !guestOnly || session.isGuest else {
            return nil
        }
        do {
            return try await usableSession()
        } catch MarqueeError.signedOut {
            return nil
        } catch {
            if guestOnly { throw error }
            return nil
        }
    }

    /// Starts the session a sign-in answered with, in place of any other; nil when the answer holds no token
    /// session. A session the storage could not keep is kept in memory, and written again with the next call.
    func signedIn(_ answer: Session) async -> StoredSession? {
        guard let session = StoredSession(signedIn: answer, now: now()) else { return nil }
        begin(session)
        let generation = generation
        do {
            try await write(session)
        } catch {
            if generation == self.generation { unsaved = true }
        }
        return session
    }

    /// Takes what `account` says of the signed-in account's type and experience (a guest that became an account).
    func noteAccount(_ account: Account) {
        guard let session = current else { return }
        let updated = session.updated(with: account)
        guard updated != session else { return }
        current = updated
        publish()
        retrySave(updated)
    }

    // MARK: Loading and storing

    private func loadIfNeeded() async throws {
        if loaded { return }
        if let loading { return try await loading.value }
        let task = Task { try await readStorage() }
        loading = task
        try await task.value
    }

    private func readStorage() async throws {
        defer { loading = nil }
        let generation = generation
        let stored: StoredSession?
        do {
            stored = try await storage.load()
        } catch {
            throw MarqueeError.storageUnavailable
        }
        // A sign-in or sign-out while the storage was read is newer than what it held.
        guard !loaded, generation == self.generation else { return }
        loaded = true
        current = stored
        publish()
    }

    /// Stores `session`, or removes the stored one for nil, after every write asked for before.
    private func write(_ session: StoredSession?) async throws {
        let previous = lastWrite
        let task = Task { [storage] in
            _ = await previous?.result
            if let session { try await storage.save(session) } else { try await storage.remove() }
        }
        lastWrite = task
        try await task.value
    }

    private func retrySave(_ session: StoredSession) {
        unsaved = false
        let generation = generation
        Task {
            do {
                try await write(session)
            } catch {
                if generation == self.generation && current == session { unsaved = true }
            }
        }
    }

    /// Makes `session` the current one (nil: signed out), ending whatever was begun for the one before.
    private func begin(_ session: StoredSession?) {
        generation += 1
        current = session
        loaded = true
        unsaved = false
        renewal = nil
        publish()
    }

    // MARK: Renewing

    /// The session renewed from `session`: by the renewal in flight for its refresh token, else by a new one.
    private func renewed(_ session: StoredSession) async throws -> StoredSession {
        if let renewal, renewal.refreshToken == session.refreshToken {
            return try await renewal.task.value
        }
        // Not cancelled with the call that began it: the answer is the next refresh token, which must not be lost.
        let generation = generation
        let task = Task { try await refresh(session, generation: generation) }
        renewal = (session.refreshToken, task)
        return try await task.value
    }

    private func refresh(_ session: StoredSession, generation: Int) async throws -> StoredSession {
        defer { if renewal?.refreshToken == session.refreshToken { renewal = nil } }
        guard let connection = link.current else { throw MarqueeError.offline }
        let answer: Session
        do {
            answer = try await connection.refresh(session.refreshToken)
        } catch let error as MarqueeError where error.endsSession {
            return try await recover(session, after: error, generation: generation)
        }
        guard generation == self.generation else { throw MarqueeError.signedOut }
        guard let renewed = session.renewed(by: answer, now: now()) else {
            throw MarqueeError.unreadableResponse(status: 200)
        }
        current = renewed
        publish()
        do {
            try await write(renewed)
        } catch {
            if generation == self.generation && current == renewed { unsaved = true }
        }
        return renewed
    }

    /// After the server turned down `session`'s refresh token: another process sharing the storage (an app
    /// extension) may have spent it first, and stored its successor; else the session has ended.
    private func recover(_ session: StoredSession, after error: MarqueeError, generation: Int) async throws
        -> StoredSession
    {
        let stored: StoredSession?
        do {
            stored = try await storage.load()
        } catch {
            // What the storage holds cannot be known now: read it again later rather than forget it.
            guard generation == self.generation else { throw MarqueeError.signedOut }
            current = nil
            loaded = false
            publish()
            throw MarqueeError.storageUnavailable
        }
        guard generation == self.generation else { throw MarqueeError.signedOut }
        if let stored, stored.userID == session.userID, stored.refreshToken != session.refreshToken {
            current = stored
            publish()
            return stored
        }
        begin(nil)
        try? await write(nil)
        throw MarqueeError.signedOut
    }

    // MARK: Telling

    private func publish() {
        let state = state
        for subscriber in subscribers.values { subscriber.yield(state) }
    }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }
}

extension MarqueeError {
    /// Whether a refusal of a refresh ends the session: the server's `auth.*` 4xx (an unknown, reused or ended
    /// refresh token, a disabled account), not a throttle.
    var endsSession: Bool {
        guard case .server(let code, _, let status, _, _) = self else { return false }
        return code.hasPrefix("auth.") && (400..<500).contains(status) && status != 429
    }
}
