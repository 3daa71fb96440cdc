import Foundation
import HTTPTypes
import MarqueeKit
import MarqueeWire
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// MarqueeKit's sessions where SDKs like it log people out or mix them up, against the real server: a sign-out, or
/// someone else's sign-in, while a renewal is under way, and a guest's upgrade that meets an account of its own.
@Suite("MarqueeKit: sessions changing under way", .timeLimit(.minutes(3)))
struct MarqueeKitSessionTests {
    /// URLSession, except that the server's answer to the first refresh is held until `release()`: a renewal kept
    /// under way. (Later ones go through: a call that meets the ended session may try one.)
    final class HeldRenewal: MarqueeTransport {
        private let base = URLSessionTransport()
        private let arrivals = AsyncStream.makeStream(of: Data.self)
        private let releases = AsyncStream.makeStream(of: Void.self)
        private let held = Mutex(false)

        /// Waits until the server has answered a refresh; returns that answer's body (not yet handed on).
        func renewalAnswered() async -> Data? {
            var iterator = arrivals.stream.makeAsyncIterator()
            return await iterator.next()
        }

        /// Hands on the answer held.
        func release() {
            releases.continuation.yield()
        }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            let answer = try await base.send(request)
            guard request.url?.path.hasSuffix("/auth/refresh") == true else { return answer }
            let first = held.withLock { held in
                defer { held = true }
                return !held
            }
            guard first else { return answer }
            arrivals.continuation.yield(answer.0)
            var released = releases.stream.makeAsyncIterator()
            _ = await released.next()
            return answer
        }

        func stream(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
            try await base.stream(request)
        }
    }

    /// Waits until `condition` holds; fails after 20 s.
    static func until(_ condition: () async -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while await !condition() {
            try #require(ContinuousClock.now < deadline, "still not so after 20 s", sourceLocation: sourceLocation)
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    static func client(_ h: AccountHarness, transport: any MarqueeTransport, storage: MemorySessionStorage)
        -> MarqueeClient
    {
        MarqueeClient(
            baseURL: URL(string: "http://127.0.0.1:\(h.port)")!, transport: transport,
            sessions: SessionManager(storage: storage, now: h.clock.closure))
    }

    @Test("Signing out while a renewal is under way: it waits for it, ends the renewed session, and keeps nothing")
    func signOutDuringRenewal() async throws {
        try await AccountHarness.run { h in
            let address = try await MarqueeKitServerTests.member(h)
            let (transport, storage) = (HeldRenewal(), MemorySessionStorage())
            let client = Self.client(h, transport: transport, storage: storage)
            _ = try await client.signIn(email: address, password: AccountHarness.password)
            h.clock.advance(by: 20 * 60)

            let call = Task { try await client.me() }
            let answer = try #require(await transport.renewalAnswered())
            let renewed = try WireJSON.makeDecoder().decode(Session.self, from: answer)
            let signOut = Task { try await client.signOut() }
            transport.release()
            try await signOut.value
            _ = await call.result

            #expect(await client.sessions.state == .signedOut)
            #expect(await storage.load() == nil, "nothing of the session is kept")
            // The server ended the session the renewal made: its refresh token opens nothing.
            let refresh = try await h.call("/api/v1/auth/refresh", ["refresh_token": renewed.refreshToken ?? ""])
            #expect(refresh.status == .unauthorized)
        }
    }

    @Test("Someone else signs in while a renewal is under way: its answer is dropped, never stored")
    func signInDuringRenewal() async throws {
        try await AccountHarness.run { h in
            let (ada, bob) = (try await MarqueeKitServerTests.member(h), try await MarqueeKitServerTests.member(h))
            let (transport, storage) = (HeldRenewal(), MemorySessionStorage())
            let client = Self.client(h, transport: transport, storage: storage)
            _ = try await client.signIn(email: ada, password: AccountHarness.password)
            h.clock.advance(by: 20 * 60)

            let call = Task { try await client.me() }
            #expect(await transport.renewalAnswered() != nil)
            let bobs = try await client.signIn(email: bob, password: AccountHarness.password)
            transport.release()
            await #expect(throws: MarqueeError.signedOut, "Ada's call is not answered as Bob") {
                try await call.value
            }

            #expect(try await client.sessions.session()?.userID == bobs.id)
            #expect(await storage.load()?.userID == bobs.id, "Ada's renewed session never replaced Bob's")
            #expect(try await client.me().email == bob)
        }
    }

    @Test("A guest's upgrade to an address that got an account meanwhile: a 409 with its code; the guest keeps all")
    func upgradeConflict() async throws {
        try await AccountHarness.run { h in
            let storage = MemorySessionStorage()
            let guest = Self.client(h, transport: URLSessionTransport(), storage: storage)
            let started = try await guest.startGuest(experience: .art)
            _ = try await guest.save(
                list: .favorites, kind: .artwork, id: "SK-C-5", SavedItemEdit(snapshot: .init(title: "The Night Watch"))
            )
            let address = AccountHarness.address("taken")
            _ = try await guest.upgrade(email: address, password: AccountHarness.password)
            let upgradeLink = try await h.mailbox.message(to: address).token(path: "/verify")

            // Someone creates an account with that address, and confirms it, before the guest follows its link.
            let someone = MarqueeKitServerTests.client(h)
            _ = try await someone.signUp(email: address, password: AccountHarness.password, experience: .movies)
            _ = try await someone.verify(
                token: try await h.mailbox.message(to: address, index: 1).token(path: "/verify"))

            let conflict = await #expect(throws: MarqueeError.self) { try await guest.verify(token: upgradeLink) }
            #expect(conflict?.code == "auth.account_exists")
            if case .server(_, let message, let status, _, _) = conflict {
                #expect(status == 409 && message.contains("Sign in to it"), "\(message)")
            }
            let session = try #require(try await guest.sessions.session())
            #expect(session.userID == started.id && session.isGuest)
            #expect(await storage.load() == session)
            let account = try await guest.me()
            #expect(account.id == started.id && account.profile.experience == "art")
            #expect(try await guest.itemPage().results.map(\.id) == ["SK-C-5"])
        }
    }

    @Test("Someone else signs in under an open feed: its streams end, and the mirror shows only the new person's")
    func userSwitchUnderAFeed() async throws {
        try await AccountHarness.run { h in
            let (ada, bob) = (try await MarqueeKitServerTests.member(h), try await MarqueeKitServerTests.member(h))
            let bobs = MarqueeKitServerTests.client(h)
            _ = try await bobs.signIn(email: bob, password: AccountHarness.password)
            _ = try await bobs.save(
                list: .favorites, kind: .movie, id: "62", SavedItemEdit(snapshot: .init(title: "B")))

            let client = MarqueeKitServerTests.client(h)
            _ = try await client.signIn(email: ada, password: AccountHarness.password)
            _ = try await client.save(
                list: .favorites, kind: .movie, id: "11", SavedItemEdit(snapshot: .init(title: "A")))
            let base = URL(string: "http://127.0.0.1:\(h.port)")!
            let feed = ChangeFeed(baseURL: base, transport: URLSessionTransport(), credentials: client.sessions)
            // Subscribed before anything connects the feed, so that its first snapshot is not missed.
            var plain = await feed.changes().makeAsyncIterator()
            let mirror = ItemMirror(client: client, feed: feed, store: MemoryMirrorStore(), now: h.clock.closure)
            await mirror.start()
            await feed.connect()
            while let event = try await plain.next() { if case .snapshot = event { break } }
            try await Self.until { await mirror.isSaved(list: .favorites, kind: .movie, id: "11") }

            _ = try await client.signIn(email: bob, password: AccountHarness.password)
            await #expect(throws: ChangeFeed.UserChanged.self, "Ada's stream does not go on as Bob's") {
                while try await plain.next() != nil {}
            }
            try await Self.until { await mirror.isSaved(list: .favorites, kind: .movie, id: "62") }
            #expect(await mirror.items(in: .favorites).map(\.item.id) == ["62"], "Bob's items, none of Ada's")
            await mirror.stop()
            await feed.disconnect()
        }
    }

    @Test("Signing out and straight back in: the mirror follows the new sign-in's feed")
    func signOutAndBackIn() async throws {
        try await AccountHarness.run { h in
            let (address, other) = (try await MarqueeKitServerTests.member(h), MarqueeKitServerTests.client(h))
            _ = try await other.signIn(email: address, password: AccountHarness.password)
            let client = MarqueeKitServerTests.client(h)
            _ = try await client.signIn(email: address, password: AccountHarness.password)
            let base = URL(string: "http://127.0.0.1:\(h.port)")!
            let feed = ChangeFeed(baseURL: base, transport: URLSessionTransport(), credentials: client.sessions)
            let mirror = ItemMirror(client: client, feed: feed, store: MemoryMirrorStore(), now: h.clock.closure)
            await mirror.start()
            try await Self.until { await mirror.isSynced }

            try await client.signOut()
            _ = try await client.signIn(email: address, password: AccountHarness.password)
            _ = try await other.save(
                list: .favorites, kind: .movie, id: "27", SavedItemEdit(snapshot: .init(title: "After")))
            try await Self.until { await mirror.isSaved(list: .favorites, kind: .movie, id: "27") }
            await mirror.stop()
            await feed.disconnect()
        }
    }
}
