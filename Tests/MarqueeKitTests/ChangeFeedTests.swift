import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

@Suite(.timeLimit(.minutes(1))) struct ChangeFeedTests {
    /// A feed on a scripted transport whose waits return at once and are recorded.
    struct Harness {
        let transport: ScriptedTransport
        let credentials: FakeCredentials
        let store: MemoryResumePointStore
        let sleeps = Locked<[Duration]>([])
        let feed: ChangeFeed

        init(
            _ script: [ScriptedTransport.Step], policy: ReconnectPolicy = ReconnectPolicy(jitter: 0),
            credentials: FakeCredentials = FakeCredentials(), store: MemoryResumePointStore = MemoryResumePointStore()
        ) {
            transport = ScriptedTransport(script)
            self.credentials = credentials
            self.store = store
            let sleeps = sleeps
            feed = ChangeFeed(
                baseURL: URL(string: "https://marquee.test/")!, transport: transport, credentials: credentials,
                resumePoints: store, policy: policy, sleep: { duration in sleeps.withLock { $0.append(duration) } })
        }
    }

    static let date = Date(timeIntervalSince1970: 1_763_800_000)

    static func item(_ id: String) -> SavedItem {
        SavedItem(list: .watchlist, kind: .movie, id: id, snapshot: ItemSnapshot(title: "Title \(id)"), createdAt: date)
    }

    static func change(_ seq: Int64) -> ItemChange {
        ItemChange(seq: seq, op: .upsert, list: .watchlist, kind: .movie, id: "\(seq)", item: item("\(seq)"), at: date)
    }

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try WireJSON.makeEncoder().encode(value), as: UTF8.self)
    }

    static func changeFrame(_ change: ItemChange, id: String) throws -> String {
        "id: \(id)\nevent: change\ndata: \(try json(change))\n\n"
    }

    static func snapshotFrame(_ items: [SavedItem], more: Bool, seq: Int64, id: String?) throws -> String {
        let part = StreamSnapshot(items: items, more: more, reason: "start", seq: seq)
        return (id.map { "id: \($0)\n" } ?? "") + "event: snapshot\ndata: \(try json(part))\n\n"
    }

    /// Reads events until the stream ends, and returns the error it ended with.
    static func endingError(_ events: inout AsyncThrowingStream<LiveEvent, any Error>.Iterator) async -> (any Error)? {
        do {
            while try await events.next() != nil {}
            return nil
        } catch {
            return error
        }
    }

    @Test func resumesFromTheLastChangeAfterTheServerClosesTheStream() async throws {
        let change = Self.change(5)
        let harness = Harness([
            ScriptedTransport.events(try "retry: 2000\n\n" + Self.changeFrame(change, id: "5:0000abcd"), then: .close),
            ScriptedTransport.events(": heartbeat\n\n"),
        ])
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()

        #expect(try await events.next() == .connected)
        #expect(try await events.next() == .change(change))
        // The server's `retry: 2000` is longer than the first backoff (1 s), so it is the wait.
        #expect(try await events.next() == .disconnected(.init(reason: .closed, retryIn: .seconds(2))))
        #expect(try await events.next() == .connected)

        let requests = harness.transport.requests
        #expect(
            requests.map { $0.url?.absoluteString }
                == Array(repeating: "https://marquee.test/api/v1/me/changes/stream", count: 2))
        #expect(requests.map { $0.header("Authorization") } == ["Bearer t1", "Bearer t1"])
        #expect(requests.map { $0.header("Last-Event-ID") } == [nil, "5:0000abcd"])
        #expect(await harness.store.load(for: "user-1") == "5:0000abcd")
        #expect(harness.sleeps.current == [.seconds(2)])
        await harness.feed.disconnect()
    }

    @Test func resumesFromAStoredPointOfTheSameUserOnly() async throws {
        let store = MemoryResumePointStore()
        await store.save("9:00000009", for: "someone-else")
        let harness = Harness([ScriptedTransport.events("")], store: store)
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()

        #expect(try await events.next() == .connected)
        #expect(harness.transport.requests.map { $0.header("Last-Event-ID") } == [nil])
        await harness.feed.disconnect()

        await store.save("12:0000000c", for: "user-1")
        let sameUser = Harness([ScriptedTransport.events("")], store: store)
        var sameUserEvents = await sameUser.feed.changes().makeAsyncIterator()
        await sameUser.feed.connect()
        #expect(try await sameUserEvents.next() == .connected)
        #expect(sameUser.transport.requests.map { $0.header("Last-Event-ID") } == ["12:0000000c"])
        await sameUser.feed.disconnect()
    }

    @Test func joinsSnapshotPartsIntoOneSnapshotAndResumesFromTheLastPart() async throws {
        let first = [Self.item("1"), Self.item("2")]
        let last = [Self.item("3")]
        let account = { (name: String) in
            "event: account\ndata: {\"profile\":{\"display_name\":\"\(name)\",\"experience\":\"art\"}}\n\n"
        }
        let stream =
            try Self.snapshotFrame(first, more: true, seq: 7, id: nil)
            + account("Ada")
            + "event: something-new\ndata: {}\n\n"
            + Self.snapshotFrame(last, more: false, seq: 7, id: "7:00000007")
            + account("Grace")
        let harness = Harness([ScriptedTransport.events(stream, chunkSize: 7)])
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()

        #expect(try await events.next() == .connected)
        #expect(try await events.next() == .account(Account.Profile(displayName: "Ada", experience: "art")))
        #expect(try await events.next() == .snapshot(.init(items: first + last, reason: .start, seq: 7)))
        // The point is saved once the chunk that completed the snapshot is delivered, before the next one is.
        #expect(try await events.next() == .account(Account.Profile(displayName: "Grace", experience: "art")))
        #expect(await harness.store.load(for: "user-1") == "7:00000007")
        await harness.feed.disconnect()
    }

    @Test func renewsARejectedTokenOnceAndReconnectsAtOnce() async throws {
        let harness = Harness([
            ScriptedTransport.refusal(401, code: "auth.token_expired"),
            ScriptedTransport.events(""),
        ])
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()

        #expect(try await events.next() == .connected)
        #expect(await harness.credentials.rejected == ["t1"])
        #expect(harness.transport.requests.map { $0.header("Authorization") } == ["Bearer t1", "Bearer t2"])
        #expect(harness.sleeps.current.isEmpty)
        await harness.feed.disconnect()
    }

    @Test func waitsBeforeTryingAgainWhenARenewedTokenIsRejectedToo() async throws {
        let harness = Harness([
            ScriptedTransport.refusal(401, code: "auth.invalid_token"),
            ScriptedTransport.refusal(401, code: "auth.invalid_token"),
            ScriptedTransport.events(""),
        ])
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()

        let refused = MarqueeError.server(
            code: "auth.invalid_token", message: "Refused.", status: 401, requestID: "req-1", retryAfter: nil)
        #expect(try await events.next() == .disconnected(.init(reason: .failed(refused), retryIn: .seconds(1))))
        #expect(try await events.next() == .connected)
        #expect(await harness.credentials.rejected == ["t1", "t2"])
        await harness.feed.disconnect()
    }

    @Test func endsEveryConsumerWithSignedOutWhenTheTokenCannotBeRenewed() async throws {
        let harness = Harness(
            [ScriptedTransport.refusal(401, code: "auth.session_ended")], credentials: FakeCredentials(renews: false))
        var first = await harness.feed.changes().makeAsyncIterator()
        var second = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()

        #expect(await Self.endingError(&first) as? MarqueeError == .signedOut)
        #expect(await Self.endingError(&second) as? MarqueeError == .signedOut)
        #expect(await harness.feed.isRunning == false)
        #expect(harness.transport.requests.count == 1)
    }

    @Test func stopsForGoodWhenTheServerEndsTheSession() async throws {
        let change = Self.change(3)
        let stream =
            try "retry: 2000\n\n" + Self.changeFrame(change, id: "3:00000003")
            + "event: end\ndata: {\"reason\":\"session_ended\"}\n\n"
        let harness = Harness([ScriptedTransport.events(stream), ScriptedTransport.events("")])
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()

        #expect(try await events.next() == .connected)
        #expect(try await events.next() == .change(change))
        #expect(await Self.endingError(&events) as? MarqueeError == .signedOut)
        await harness.transport.waitUntilClosed(1)
        #expect(await harness.feed.isRunning == false)
        #expect(harness.transport.requests.count == 1)
    }

    @Test func staysDisconnectedUntilConnectIsCalledAgain() async throws {
        let change = Self.change(8)
        let harness = Harness([
            ScriptedTransport.events(try Self.changeFrame(change, id: "8:00000008")),
            ScriptedTransport.events(""),
        ])
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()
        #expect(try await events.next() == .connected)
        #expect(try await events.next() == .change(change))

        await harness.feed.disconnect()
        #expect(try await events.next() == .disconnected(.init(reason: .stopped, retryIn: nil)))
        await harness.transport.waitUntilClosed(1)
        await harness.feed.setActive(false)
        await harness.feed.setActive(true)
        await harness.feed.setReachable(true)
        #expect(await harness.feed.isRunning == false)
        #expect(harness.transport.requests.count == 1)

        await harness.feed.connect()
        #expect(try await events.next() == .connected)
        #expect(harness.transport.requests.map { $0.header("Last-Event-ID") } == [nil, "8:00000008"])
        await harness.feed.disconnect()
    }

    @Test func connectsOnceHoweverOftenConnectIsCalled() async throws {
        let harness = Harness([ScriptedTransport.events("")])
        var events = await harness.feed.changes().makeAsyncIterator()
        async let first: Void = harness.feed.connect()
        async let second: Void = harness.feed.connect()
        _ = await (first, second)
        await harness.feed.connect()

        #expect(try await events.next() == .connected)
        await harness.feed.connect()
        #expect(await harness.feed.generation == 1)
        #expect(harness.transport.requests.count == 1)
        // A consumer arriving now learns at once that the feed is connected.
        var late = await harness.feed.changes().makeAsyncIterator()
        #expect(try await late.next() == .connected)
        await harness.feed.disconnect()
    }

    @Test func goesToTheBackgroundAndComesBack() async throws {
        let harness = Harness([ScriptedTransport.events(""), ScriptedTransport.events("")])
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()
        #expect(try await events.next() == .connected)

        await harness.feed.setActive(false)
        #expect(try await events.next() == .disconnected(.init(reason: .stopped, retryIn: nil)))
        await harness.transport.waitUntilClosed(1)
        await harness.feed.connect()
        #expect(await harness.feed.isRunning == false)

        await harness.feed.setActive(true)
        #expect(try await events.next() == .connected)
        #expect(harness.transport.requests.count == 2)
        await harness.feed.disconnect()
    }

    @Test func backsOffExponentiallyUpToTheCap() async throws {
        let harness = Harness(Array(repeating: .fail(MarqueeError.offline), count: 9))
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()

        let expected: [Duration] = [1, 2, 4, 8, 16, 32, 60, 60, 60].map { .seconds($0) }
        for delay in expected {
            #expect(try await events.next() == .disconnected(.init(reason: .failed(.offline), retryIn: delay)))
        }
        await harness.transport.waitUntilRequested(10)
        #expect(harness.sleeps.current == expected)
        await harness.feed.disconnect()
    }

    @Test(arguments: [(Duration.seconds(30), [1, 2, 4, 8]), (Duration.zero, [1, 1, 1, 1])])
    func backsOffFromConnectionsThatCloseAtOnce(stableAfter: Duration, seconds: [Int64]) async throws {
        let opensAndCloses = ScriptedTransport.events(": hello\n\n", then: .close)
        let harness = Harness(
            Array(repeating: opensAndCloses, count: 4), policy: ReconnectPolicy(jitter: 0, stableAfter: stableAfter))
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()

        var waits: [Duration] = []
        while waits.count < 4, let event = try await events.next() {
            if case .disconnected(let disconnection) = event { waits.append(disconnection.retryIn ?? .zero) }
        }
        #expect(waits == seconds.map { .seconds($0) }, "only a connection that lasted starts the waits again")
        await harness.feed.disconnect()
    }

    @Test func endsItsStreamsWhenItNextConnectsForSomeoneElse() async throws {
        let change = Self.change(5)
        let harness = Harness([
            ScriptedTransport.events(try Self.changeFrame(change, id: "5:0000abcd"), then: .close),
            ScriptedTransport.events(": user-2's\n\n"),
        ])
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()
        #expect(try await events.next() == .connected)
        #expect(try await events.next() == .change(change))
        await harness.credentials.switchUser(to: "user-2")

        await #expect(throws: ChangeFeed.UserChanged.self, "user-1's stream does not go on as user-2's") {
            while try await events.next() != nil {}
        }
        #expect(harness.transport.requests.count == 1, "no connection made for user-2 under user-1's stream")
        #expect(await !harness.feed.isRunning)
        #expect(await harness.store.load(for: "user-1") == "5:0000abcd", "user-1's point is kept for user-1")
    }

    @Test func spreadsWaitsWithinTheJitter() async throws {
        let failures = 12
        let harness = Harness(
            Array(repeating: .fail(MarqueeError.offline), count: failures), policy: ReconnectPolicy(jitter: 0.5))
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()

        for failure in 0..<failures {
            guard case .disconnected(let disconnection) = try await events.next(), let delay = disconnection.retryIn
            else {
                Issue.record("expected a disconnection")
                return
            }
            let nominal = Duration.seconds(min(1 << failure, 60))
            #expect(
                delay >= nominal / 2 && delay <= min(nominal * 3 / 2, .seconds(60)), "after \(failure + 1) failures")
        }
        await harness.feed.disconnect()
    }

    @Test func waitsAsLongAsRetryAfterSays() async throws {
        let harness = Harness([
            ScriptedTransport.refusal(503, code: "storage.unavailable", retryAfter: 7),
            ScriptedTransport.events(""),
        ])
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()

        let refused = MarqueeError.server(
            code: "storage.unavailable", message: "Refused.", status: 503, requestID: "req-1", retryAfter: 7)
        #expect(try await events.next() == .disconnected(.init(reason: .failed(refused), retryIn: .seconds(7))))
        #expect(try await events.next() == .connected)
        #expect(harness.sleeps.current == [.seconds(7)])
        await harness.feed.disconnect()
    }

    @Test func startsAfreshWhenTheServerDoesNotKnowTheResumePoint() async throws {
        let store = MemoryResumePointStore()
        await store.save("5:deadbeef", for: "user-1")
        let harness = Harness(
            [
                ScriptedTransport.refusal(400, code: "items.bad_since"),
                ScriptedTransport.events(try Self.snapshotFrame([], more: false, seq: 2, id: "2:00000002")),
            ], store: store)
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()

        #expect(try await events.next() == .connected)
        #expect(try await events.next() == .snapshot(.init(items: [], reason: .start, seq: 2)))
        #expect(harness.transport.requests.map { $0.header("Last-Event-ID") } == ["5:deadbeef", nil])
        #expect(harness.sleeps.current.isEmpty)
        await harness.feed.disconnect()
    }

    @Test func reconnectsFromTheLastGoodChangeWhenOneCannotBeRead() async throws {
        let change = Self.change(4)
        let stream =
            try Self.changeFrame(change, id: "4:00000004") + "id: 5:00000005\nevent: change\ndata: {\"seq\":5}\n\n"
        let harness = Harness([ScriptedTransport.events(stream), ScriptedTransport.events("")])
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()

        #expect(try await events.next() == .connected)
        #expect(try await events.next() == .change(change))
        #expect(
            try await events.next()
                == .disconnected(.init(reason: .failed(.unreadableResponse(status: 200)), retryIn: .seconds(1))))
        #expect(try await events.next() == .connected)
        #expect(harness.transport.requests.map { $0.header("Last-Event-ID") } == [nil, "4:00000004"])
        await harness.feed.disconnect()
    }

    @Test func replacesAConnectionThatFallsSilent() async throws {
        let harness = Harness(
            [ScriptedTransport.events("retry: 10\n\n"), ScriptedTransport.events(": heartbeat\n\n")],
            policy: ReconnectPolicy(jitter: 0, idleTimeout: .milliseconds(200)))
        var events = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()

        #expect(try await events.next() == .connected)
        #expect(try await events.next() == .disconnected(.init(reason: .idle, retryIn: .seconds(1))))
        await harness.transport.waitUntilClosed(1)
        #expect(try await events.next() == .connected)
        await harness.feed.disconnect()
    }

    @Test func endsAConsumerThatFallsBehindAndNoOther() async throws {
        let changes = (1...5).map { Self.change($0) }
        let stream = try changes.map { try Self.changeFrame($0, id: "\($0.seq):0000000\($0.seq)") }.joined()
        let harness = Harness([ScriptedTransport.events(stream)])
        let slow = await harness.feed.changes(bufferLimit: 2)
        var watcher = await harness.feed.changes().makeAsyncIterator()
        await harness.feed.connect()

        #expect(try await watcher.next() == .connected)
        for change in changes { #expect(try await watcher.next() == .change(change)) }

        var lagging = slow.makeAsyncIterator()
        #expect(try await lagging.next() == .connected)
        #expect(try await lagging.next() == .change(changes[0]))
        #expect(await Self.endingError(&lagging) as? ChangeFeed.FellBehind == ChangeFeed.FellBehind(bufferLimit: 2))
        #expect(await harness.feed.isRunning)
        await harness.feed.disconnect()
    }
}
