import Foundation
import MarqueeKit
import MarqueeWire
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// MarqueeKit where apps go wrong, against the real server: a device away while another changes things, writes made
/// offline, twenty calls meeting an expired token at once, storage locked at launch, and the server restarting under
/// a live feed. Plus `marquee-kit-demo`, the SDK's end-to-end example.
@Suite("MarqueeKit: offline, renewal, locked storage and restarts", .timeLimit(.minutes(3)))
struct MarqueeKitResilienceTests {
    /// URLSession behind a switch: while off, every call fails as it does without a network.
    final class Switchable: MarqueeTransport {
        let online = Mutex(true)
        private let base = URLSessionTransport()

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            guard online.withLock({ $0 }) else { throw MarqueeError.offline }
            return try await base.send(request)
        }

        func stream(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
            guard online.withLock({ $0 }) else { throw MarqueeError.offline }
            return try await base.stream(request)
        }
    }

    static func base(_ h: AccountHarness) -> URL { URL(string: "http://127.0.0.1:\(h.port)")! }

    @Test("B away while A makes three changes: back, B's feed brings exactly those three, not a snapshot")
    func awayAndBack() async throws {
        try await AccountHarness.run { h in
            let (a, b) = try await MarqueeKitServerTests.twoDevices(h)
            let feed = ChangeFeed(baseURL: Self.base(h), transport: URLSessionTransport(), credentials: b.sessions)
            let events = await feed.changes()
            var iterator = events.makeAsyncIterator()
            await feed.connect()
            while let event = try await iterator.next() { if case .snapshot = event { break } }
            _ = try await a.save(
                list: .favorites, kind: .movie, id: "603", SavedItemEdit(snapshot: .init(title: "One")))
            while let event = try await iterator.next() { if case .change = event { break } }

            await feed.disconnect()
            for id in ["604", "605"] {
                _ = try await a.save(list: .favorites, kind: .movie, id: id, SavedItemEdit(snapshot: .init(title: id)))
            }
            _ = try await a.remove(list: .favorites, kind: .movie, id: "603")
            await feed.connect()
            var heard: [ItemChange] = []
            while heard.count < 3, let event = try await iterator.next() {
                switch event {
                case .change(let change): heard.append(change)
                case .snapshot: Issue.record("a snapshot instead of the three changes")
                default: break
                }
            }
            #expect(heard.map(\.seq) == [2, 3, 4])
            #expect(heard.map(\.op) == [.upsert, .upsert, .delete])
            await feed.disconnect()
        }
    }

    /// A new guest's device whose network `transport` switches off and on: its client, feed and started mirror.
    static func switchableGuest(_ h: AccountHarness) async throws -> (Switchable, MarqueeClient, ChangeFeed, ItemMirror)
    {
        let transport = Switchable()
        let sessions = SessionManager(storage: MemorySessionStorage(), now: h.clock.closure)
        let client = MarqueeClient(baseURL: base(h), transport: transport, sessions: sessions)
        _ = try await client.startGuest()
        let feed = ChangeFeed(baseURL: base(h), transport: transport, credentials: sessions)
        let mirror = ItemMirror(client: client, feed: feed, store: MemoryMirrorStore(), now: h.clock.closure)
        await mirror.start()
        return (transport, client, feed, mirror)
    }

    @Test("Writes made offline show at once, wait, and land in order when the server is reachable again")
    func offlineWrites() async throws {
        try await AccountHarness.run { h in
            let (transport, client, feed, mirror) = try await Self.switchableGuest(h)

            transport.online.withLock { $0 = false }
            var tickets: [WriteTicket] = []
            for (id, title) in [("11", "First"), ("12", "Second"), ("13", "Third")] {
                tickets.append(
                    try await mirror.save(
                        list: .watchlist, kind: .movie, id: id, SavedItemEdit(snapshot: .init(title: title))))
            }
            #expect(await mirror.items(in: .watchlist).allSatisfy { $0.state == .pending })
            #expect(await mirror.pendingCount == 3)

            transport.online.withLock { $0 = true }
            await mirror.retryNow()
            var seqs: [Int64] = []
            for ticket in tickets { seqs.append(try #require(try await mirror.confirmation(of: ticket)).seq) }
            #expect(seqs == seqs.sorted() && Set(seqs).count == 3, "in the order they were made")
            let page = try await client.itemPage(ItemQuery(list: .watchlist))
            #expect(Set(page.results.map(\.id)) == ["11", "12", "13"])
            await mirror.stop()
            // The mirror leaves its feed to its owner: left connected, it would keep reconnecting after the server.
            await feed.disconnect()
        }
    }

    @Test("Three hearts made offline with room for two: the third is turned down, and the favourites say why")
    func refusedOfflineWrite() async throws {
        try await AccountHarness.run(["itemLimit": "2"]) { h in
            let (transport, _, feed, mirror) = try await Self.switchableGuest(h)
            let favourites = await MainActor.run { SavedItemsViewModel(mirror: mirror, list: .favorites) }
            await favourites.load()

            transport.online.withLock { $0 = false }
            var tickets: [WriteTicket] = []
            for (id, title) in [("11", "First"), ("12", "Second"), ("13", "Third")] {
                tickets.append(
                    try await mirror.save(
                        list: .favorites, kind: .movie, id: id, SavedItemEdit(snapshot: .init(title: title))))
            }
            transport.online.withLock { $0 = true }
            await mirror.retryNow()
            for ticket in tickets.prefix(2) { #expect(try await mirror.confirmation(of: ticket) != nil) }
            let refused = await #expect(throws: MarqueeError.self) { try await mirror.confirmation(of: tickets[2]) }
            #expect(refused?.code == "items.limit_reached")

            let deadline = ContinuousClock.now + .seconds(10)
            while await favourites.refusals.isEmpty, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            let shown = await favourites.refusals
            #expect(shown.map(\.code) == ["items.limit_reached"] && shown.first?.item?.snapshot.title == "Third")
            #expect(shown.first?.message == refused?.message, "the server's own sentence")
            #expect(await !mirror.isSaved(list: .favorites, kind: .movie, id: "13"))
            await mirror.stop()
            await feed.disconnect()
        }
    }

    @Test("Twenty calls meet an expired token at once: one renewal, and every call answered")
    func renewalRace() async throws {
        try await AccountHarness.run { h in
            let client = MarqueeKitServerTests.client(h)
            _ = try await client.startGuest()
            let before = try #require(try await client.sessions.session())
            h.clock.advance(by: 20 * 60)
            try await withThrowingTaskGroup(of: Account.self) { group in
                for _ in 0..<20 { group.addTask { try await client.me() } }
                for try await account in group { #expect(account.id == before.userID) }
            }
            let after = try #require(try await client.sessions.session())
            #expect(after.refreshToken != before.refreshToken && after.sessionID == before.sessionID)
            // The session's old refresh token was spent once: using it again would end the session.
            #expect(try await client.me().id == before.userID)
        }
    }

    /// Storage that cannot be read until it is unlocked, as the Keychain before the first unlock.
    actor LockedStorage: SessionStorage {
        var locked = true
        var stored: StoredSession?

        func unlock() { locked = false }
        func load() async throws -> StoredSession? {
            if locked { throw MarqueeError.storageUnavailable }
            return stored
        }
        func save(_ session: StoredSession) async throws { stored = session }
        func remove() async throws { stored = nil }
    }

    @Test("Storage unavailable at launch: not signed out, nothing deleted; once it opens, the session is there")
    func storageLocked() async throws {
        try await AccountHarness.run { h in
            let storage = LockedStorage()
            let first = MarqueeClient(
                baseURL: Self.base(h), sessions: SessionManager(storage: MemorySessionStorage(), now: h.clock.closure))
            _ = try await first.startGuest()
            let session = try #require(try await first.sessions.session())
            await storage.unlock()
            try await storage.save(session)
            let relocked = LockedStorage()
            try await relocked.save(session)
            let sessions = SessionManager(storage: relocked, now: h.clock.closure)
            let client = MarqueeClient(baseURL: Self.base(h), sessions: sessions)
            let state = try? await sessions.restore()
            #expect(state == nil || state == .unknown, "unknown, not signed out: \(String(describing: state))")
            #expect(await relocked.stored == session, "nothing was deleted")
            await relocked.unlock()
            #expect(try await sessions.restore() == .signedIn(session, expired: false))
            #expect(try await client.me().id == session.userID)
        }
    }

    @Test("The server restarts under a live feed: it reconnects, and brings exactly what was saved meanwhile")
    func serverRestart() async throws {
        try await TCPRelay.with { relay in
            let environment = ["MARQUEE_DATA_DIR": TestSettings.makeDataDirectory()]
            let first = try await ServerProcess.start(environment: environment)
            relay.point(at: first.port)
            let base = URL(string: "http://127.0.0.1:\(relay.port)")!
            let client = MarqueeClient(baseURL: base, sessions: SessionManager(storage: MemorySessionStorage()))
            _ = try await client.startGuest()
            let feed = ChangeFeed(
                baseURL: base, transport: URLSessionTransport(), credentials: client.sessions,
                policy: ReconnectPolicy(initialDelay: .milliseconds(100), maximumDelay: .milliseconds(500)))
            let events = await feed.changes()
            var iterator = events.makeAsyncIterator()
            await feed.connect()
            while let event = try await iterator.next() { if case .snapshot = event { break } }
            _ = try await client.save(
                list: .favorites, kind: .movie, id: "603", SavedItemEdit(snapshot: .init(title: "A")))
            while let event = try await iterator.next() { if case .change = event { break } }

            // Down, and back on another port; another device saves two things before the feed can reach it.
            relay.point(at: nil)
            await first.stopped()
            let second = try await ServerProcess.start(environment: environment)
            defer { second.kill() }
            let stored = try #require(try await client.sessions.session())
            let other = MarqueeClient(
                baseURL: URL(string: "http://127.0.0.1:\(second.port)")!,
                sessions: SessionManager(storage: MemorySessionStorage(stored)))
            var saved: [ItemChange] = []
            for id in ["604", "605"] {
                saved.append(
                    try await other.save(
                        list: .favorites, kind: .movie, id: id, SavedItemEdit(snapshot: .init(title: id))))
            }
            relay.point(at: second.port)
            var heard: [ItemChange] = []
            reading: while heard.count < 2, let event = try await iterator.next() {
                switch event {
                case .change(let change): heard.append(change)
                case .snapshot:
                    Issue.record("a snapshot instead of the two changes missed")
                    break reading
                default: break
                }
            }
            #expect(heard == saved && heard.map(\.seq) == [2, 3])
            await feed.disconnect()
        }
    }

    @Test("marquee-kit-demo starts a guest, prints the favourites, and prints them again as they change elsewhere")
    func demo() async throws {
        let server = try await ServerProcess.start(environment: ["MARQUEE_DATA_DIR": TestSettings.makeDataDirectory()])
        defer { _ = server.stop() }
        let base = URL(string: "http://127.0.0.1:\(server.port)")!
        let folder = URL(fileURLWithPath: TestSettings.makeDataDirectory())
        let log = folder.appending(path: "demo.txt")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        let binary = ServerProcess.binary.deletingLastPathComponent().appending(path: "marquee-kit-demo")
        let demo = try ChildProcess.launch(
            binary.path, ["--server", base.absoluteString],
            environment: ProcessInfo.processInfo.environment.merging(["MARQUEE_KIT_DEMO_DIR": folder.path]) { $1 },
            stdout: .descriptor(output.fileDescriptor), stderr: .descriptor(output.fileDescriptor))
        defer {
            demo.signal(SIGTERM)
            try? output.close()
        }
        func printed(_ text: String) async throws -> Bool {
            let deadline = ContinuousClock.now + .seconds(20)
            while ContinuousClock.now < deadline {
                if (try? String(contentsOf: log, encoding: .utf8))?.contains(text) == true { return true }
                try await Task.sleep(for: .milliseconds(50))
            }
            return false
        }
        #expect(try await printed("0 favourites"), "the empty list first")
        // Another device of the same guest: the session the demo keeps in its folder.
        let stored: StoredSession = try #require(
            try await FileSessionStorage(url: folder.appending(path: "session.json")).load())
        let other = MarqueeClient(
            baseURL: base, sessions: SessionManager(storage: MemorySessionStorage(stored)))
        _ = try await other.save(
            list: .favorites, kind: .artwork, id: "SK-C-5",
            SavedItemEdit(snapshot: ItemSnapshot(title: "The Night Watch"), note: .set("Room 2.12")))
        #expect(try await printed("[artwork] The Night Watch — Room 2.12"), "then, live, what another device saved")
    }
}
