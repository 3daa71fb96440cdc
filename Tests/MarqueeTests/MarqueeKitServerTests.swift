import AsyncHTTPClient
import Foundation
import MarqueeKit
import MarqueeKitAsyncHTTPClient
import MarqueeWire
import Testing

/// MarqueeKit against the real server, built in process and reached over real HTTP on loopback: accounts, items,
/// the live feed across two clients of one person, and a token renewed under way.
@Suite("MarqueeKit against the server", .timeLimit(.minutes(3)))
struct MarqueeKitServerTests {
    /// A client of the harness's server, on its clock (tokens expire by the server's time).
    static func client(_ h: AccountHarness) -> MarqueeClient {
        MarqueeClient(
            baseURL: URL(string: "http://127.0.0.1:\(h.port)")!,
            sessions: SessionManager(storage: MemorySessionStorage(), now: h.clock.closure))
    }

    /// An account with a confirmed address, made through the SDK.
    static func member(_ h: AccountHarness, experience: Experience = .events) async throws -> String {
        let address = AccountHarness.address("kit")
        _ = try await client(h).signUp(email: address, password: AccountHarness.password, experience: experience)
        let mail = try await h.mailbox.message(to: address, subject: "Confirm your email")
        _ = try await client(h).verify(token: try mail.token(path: "/verify"))
        return address
    }

    /// Two signed-in clients of one new member (its two devices).
    static func twoDevices(_ h: AccountHarness) async throws -> (MarqueeClient, MarqueeClient) {
        let address = try await member(h)
        let (a, b) = (client(h), client(h))
        _ = try await a.signIn(email: address, password: AccountHarness.password)
        _ = try await b.signIn(email: address, password: AccountHarness.password)
        return (a, b)
    }

    @Test("Two clients of one person: a save on A reaches B's live feed; a clear of the experience too")
    func twoDevices() async throws {
        try await AccountHarness.run { h in
            let address = try await Self.member(h)
            let a = Self.client(h)
            let b = Self.client(h)
            #expect(
                try await a.signIn(email: address, password: AccountHarness.password).profile.experience == "events")
            _ = try await b.signIn(email: address, password: AccountHarness.password)

            let feed = ChangeFeed(
                baseURL: URL(string: "http://127.0.0.1:\(h.port)")!, transport: URLSessionTransport(),
                credentials: b.sessions)
            let events = await feed.changes()
            await feed.connect()
            var iterator = events.makeAsyncIterator()
            // Connected, then the first snapshot (nothing saved yet).
            while let event = try await iterator.next() {
                if case .snapshot = event { break }
            }

            let saved = try await a.save(
                list: .favorites, kind: .event, id: "demo-1796236-4-20785",
                SavedItemEdit(snapshot: ItemSnapshot(title: "A demo evening"), note: .set("With Sam")))
            var heard: ItemChange?
            while let event = try await iterator.next() {
                if case .change(let change) = event {
                    heard = change
                    break
                }
            }
            #expect(heard == saved && heard?.item?.note == "With Sam")

            let cleared = try #require(try await a.clear(list: .favorites, experience: .events))
            while let event = try await iterator.next() {
                if case .change(let change) = event {
                    #expect(change == cleared && change.kinds == [.event])
                    break
                }
            }
            #expect(try await b.itemPage().results.isEmpty)
            await feed.disconnect()
        }
    }

    @Test("An access token that expires under way is renewed once for many calls at once; errors keep their code")
    func renewal() async throws {
        try await AccountHarness.run { h in
            let address = try await Self.member(h)
            let a = Self.client(h)
            _ = try await a.signIn(email: address, password: AccountHarness.password)
            let before = try #require(try await a.sessions.session())
            // Past the 15-minute access token, within the session.
            h.clock.advance(by: 20 * 60)
            try await withThrowingTaskGroup(of: Account.self) { group in
                for _ in 0..<10 { group.addTask { try await a.me() } }
                for try await account in group { #expect(account.email == address) }
            }
            let after = try #require(try await a.sessions.session())
            #expect(after.accessToken != before.accessToken && after.refreshToken != before.refreshToken)
            #expect(after.sessionID == before.sessionID)

            let refused = await #expect(throws: MarqueeError.self) {
                try await a.save(list: .favorites, kind: .movie, id: "0603", SavedItemEdit(snapshot: .init(title: "x")))
            }
            #expect(refused?.code == "items.bad_id")
            let wrong = await #expect(throws: MarqueeError.self) {
                try await Self.client(h).signIn(email: address, password: "not-the-password-1")
            }
            #expect(wrong?.code == "auth.invalid_credentials")
        }
    }

    @Test("A guest keeps its id and what it saved when it creates an account; the experience is the guest's")
    func guestUpgrade() async throws {
        try await AccountHarness.run { h in
            let guest = Self.client(h)
            let started = try await guest.startGuest(experience: .art)
            _ = try await guest.save(
                list: .favorites, kind: .artwork, id: "RP-T-1930-54(V)",
                SavedItemEdit(snapshot: ItemSnapshot(title: "A drawing, verso")))
            let address = AccountHarness.address("kit-guest")
            _ = try await guest.upgrade(email: address, password: AccountHarness.password)
            let mail = try await h.mailbox.message(to: address, subject: "")
            _ = try await Self.client(h).verify(token: try mail.token(path: "/verify"))
            let member = Self.client(h)
            let account = try await member.signIn(email: address, password: AccountHarness.password)
            #expect(account.id == started.id && account.profile.experience == "art")
            #expect(try await member.itemPage().results.map(\.id) == ["RP-T-1930-54(V)"])
        }
    }

    @Test("Over AsyncHTTPClient too, for server-side Swift: calls and the live feed")
    func asyncHTTPClient() async throws {
        try await AccountHarness.run { h in
            let http = HTTPClient(eventLoopGroupProvider: .singleton)
            do {
                let transport = AsyncHTTPClientTransport(client: http)
                let base = URL(string: "http://127.0.0.1:\(h.port)")!
                let client = MarqueeClient(
                    baseURL: base, transport: transport,
                    sessions: SessionManager(storage: MemorySessionStorage(), now: h.clock.closure))
                _ = try await client.startGuest()
                let feed = ChangeFeed(baseURL: base, transport: transport, credentials: client.sessions)
                let events = await feed.changes()
                await feed.connect()
                var iterator = events.makeAsyncIterator()
                while let event = try await iterator.next() {
                    if case .snapshot = event { break }
                }
                let saved = try await client.save(
                    list: .watchlist, kind: .movie, id: "603",
                    SavedItemEdit(snapshot: ItemSnapshot(title: "The Matrix")))
                while let event = try await iterator.next() {
                    if case .change(let change) = event {
                        #expect(change == saved)
                        break
                    }
                }
                await feed.disconnect()
            } catch {
                try await http.shutdown()
                throw error
            }
            try await http.shutdown()
        }
    }

    @Test(
        "Two clients of one person: A's heart shows on B's mirror and favourites view model; A's pending write confirms"
    )
    func mirrors() async throws {
        try await AccountHarness.run { h in
            let (a, b) = try await Self.twoDevices(h)
            let base = URL(string: "http://127.0.0.1:\(h.port)")!
            let feedA = ChangeFeed(baseURL: base, transport: URLSessionTransport(), credentials: a.sessions)
            let feedB = ChangeFeed(baseURL: base, transport: URLSessionTransport(), credentials: b.sessions)
            let mirrorA = ItemMirror(client: a, feed: feedA, store: MemoryMirrorStore(), now: h.clock.closure)
            let mirrorB = ItemMirror(client: b, feed: feedB, store: MemoryMirrorStore(), now: h.clock.closure)
            await mirrorA.start()
            await mirrorB.start()
            let favourites = await MainActor.run { SavedItemsViewModel(mirror: mirrorB, list: .favorites) }
            await favourites.load()
            let synced = ContinuousClock.now + .seconds(10)
            while await favourites.state == .loading, ContinuousClock.now < synced {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(await favourites.state == .empty)

            let ticket = try await mirrorA.save(
                list: .favorites, kind: .artwork, id: "SK-C-5",
                SavedItemEdit(snapshot: ItemSnapshot(title: "The Night Watch")))
            #expect(await mirrorA.item(list: .favorites, kind: .artwork, id: "SK-C-5")?.state == .pending)
            let confirmed = try await mirrorA.confirmation(of: ticket)
            #expect(confirmed?.item?.id == "SK-C-5")

            // B hears it on its feed; its view model follows its mirror.
            let deadline = ContinuousClock.now + .seconds(10)
            while await !mirrorB.isSaved(list: .favorites, kind: .artwork, id: "SK-C-5"), ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(await mirrorB.isSaved(list: .favorites, kind: .artwork, id: "SK-C-5"))
            while await favourites.state.content?.first?.item.id != "SK-C-5", ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(await favourites.state.content?.map(\.item.id) == ["SK-C-5"])
            await mirrorA.stop()
            await mirrorB.stop()
            // The mirrors leave their feeds to their owner: left connected, they would keep reconnecting afterwards.
            await feedA.disconnect()
            await feedB.disconnect()
        }
    }
}
