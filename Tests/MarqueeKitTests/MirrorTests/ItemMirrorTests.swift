import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

/// The mirror against a server played in memory: writes shown at once, queued offline and kept through a restart,
/// refused with a reason, giving way to newer changes; snapshots; another person signing in.
@Suite(.timeLimit(.minutes(1))) struct ItemMirrorTests {
    @Test func saveShowsAtOnceAsPendingThenConfirmed() async throws {
        let harness = MirrorHarness(MirrorHarness.server(), store: MemoryMirrorStore())
        await harness.mirror.start()
        await harness.until { $0.isSynced }
        harness.transport.hold()

        let ticket = try await harness.mirror.save(
            list: .favorites, kind: .movie, id: "603", SavedItemEdit(snapshot: MirrorHarness.snapshot("The Matrix")))

        let pending = try #require(await harness.mirror.item(list: .favorites, kind: .movie, id: "603"))
        #expect(pending.state == .pending)
        #expect(pending.item.snapshot.title == "The Matrix")
        #expect(pending.id == "favorites/movie/603")
        #expect(await harness.mirror.isSaved(list: .favorites, kind: .movie, id: "603"))
        #expect(await harness.mirror.pendingCount == 1)

        harness.transport.release()
        let change = try #require(try await harness.mirror.confirmation(of: ticket))
        #expect(change.op == .upsert)
        #expect(change.item?.id == "603")
        let confirmed = try #require(await harness.mirror.item(list: .favorites, kind: .movie, id: "603"))
        #expect(confirmed.state == .confirmed)
        #expect(confirmed.item == change.item)
        #expect(await harness.mirror.pendingCount == 0)
        // The feed's echo of the same change leaves it as it is.
        await harness.until { $0.layers.appliedSeq == change.seq }
        #expect(await harness.mirror.item(list: .favorites, kind: .movie, id: "603") == confirmed)
        await harness.shutDown()
    }

    @Test func offlineWritesAreKeptThroughARestartAndSentInOrder() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = MirrorHarness.server()
        server.setOnline(false)

        let first = MirrorHarness(server, store: FileMirrorStore(directory: directory))
        await first.mirror.start()
        let edit = { (title: String) in SavedItemEdit(snapshot: MirrorHarness.snapshot(title)) }
        try await first.mirror.save(list: .favorites, kind: .movie, id: "1", edit("One"))
        try await first.mirror.save(list: .watchlist, kind: .tv, id: "2", edit("Two"))
        try await first.mirror.remove(list: .favorites, kind: .movie, id: "1")
        #expect(await first.mirror.pendingCount == 3)
        #expect(await !first.mirror.isSaved(list: .favorites, kind: .movie, id: "1"))
        #expect(await first.mirror.item(list: .watchlist, kind: .tv, id: "2")?.state == .pending)
        await first.shutDown()

        let kept = try #require(try await FileMirrorStore(directory: directory).load())
        #expect(kept.userID == "user-1")
        #expect(kept.queue.map(\.action) == [.save, .save, .remove])

        let second = MirrorHarness(server, store: FileMirrorStore(directory: directory))
        await second.mirror.start()
        #expect(await second.mirror.pendingCount == 3)
        #expect(await second.mirror.items(in: .watchlist).map(\.item.id) == ["2"])
        #expect(await !second.mirror.isSaved(list: .favorites, kind: .movie, id: "1"))

        server.setOnline(true)
        await second.mirror.retryNow()
        await second.until { $0.pendingCount == 0 }

        // In the order made; the removal kept from offline looks first, and finds only this device's own save.
        #expect(
            server.requests.filter { !$0.hasPrefix("GET") || $0.hasSuffix("/1") }.suffix(4) == [
                "PUT /api/v1/me/items/favorites/movie/1", "PUT /api/v1/me/items/watchlist/tv/2",
                "GET /api/v1/me/items/favorites/movie/1", "DELETE /api/v1/me/items/favorites/movie/1",
            ])
        #expect(server.items.map(\.id) == ["2"])
        await second.until { $0.items(in: .watchlist).first?.state == .confirmed }
        #expect(await second.mirror.items(in: .favorites).isEmpty)
        await second.shutDown()
        #expect(try await FileMirrorStore(directory: directory).load()?.queue == [])
    }

    @Test func refusedWriteIsDroppedWithItsReason() async throws {
        let server = MirrorHarness.server()
        server.saveElsewhere(MirrorHarness.item("11", "Kept"))
        server.setItemLimit(1)
        let harness = MirrorHarness(server, store: MemoryMirrorStore())
        await harness.mirror.start()
        await harness.until { $0.isSynced }
        server.hold()

        let ticket = try await harness.mirror.save(
            list: .favorites, kind: .movie, id: "12", SavedItemEdit(snapshot: MirrorHarness.snapshot("One too many")))
        #expect(await harness.mirror.isSaved(list: .favorites, kind: .movie, id: "12"))
        server.release()

        let error = await #expect(throws: MarqueeError.self) {
            try await harness.mirror.confirmation(of: ticket)
        }
        #expect(error?.code == "items.limit_reached")
        #expect(await !harness.mirror.isSaved(list: .favorites, kind: .movie, id: "12"))
        #expect(await harness.mirror.pendingCount == 0)
        let refusals = await harness.mirror.refusals()
        #expect(refusals.map(\.code) == ["items.limit_reached"])
        #expect(refusals.first?.message == "You have reached the item limit.")
        #expect(refusals.first?.item?.snapshot.title == "One too many")
        #expect(refusals.first?.ticket == ticket)
        #expect(await harness.mirror.items(in: .favorites).map(\.item.id) == ["11"])

        await harness.mirror.clearRefusals()
        #expect(await harness.mirror.refusals().isEmpty)
        await harness.shutDown()
    }

    @Test func queuedRemovalGivesWayToANewerChangeMadeElsewhere() async throws {
        let server = MirrorHarness.server()
        server.saveElsewhere(MirrorHarness.item("7", "Seven"))
        let harness = MirrorHarness(server, store: MemoryMirrorStore())
        await harness.mirror.start()
        await harness.until { $0.isSynced }
        server.setWritesOffline(true)

        let ticket = try await harness.mirror.remove(list: .favorites, kind: .movie, id: "7")
        #expect(await !harness.mirror.isSaved(list: .favorites, kind: .movie, id: "7"))

        var noted = MirrorHarness.item("7", "Seven")
        noted.note = "Watch with Ada"
        server.saveElsewhere(noted)

        #expect(try await harness.mirror.confirmation(of: ticket) == nil)
        await harness.until { $0.pendingCount == 0 && $0.isSaved(list: .favorites, kind: .movie, id: "7") }
        let shown = try #require(await harness.mirror.item(list: .favorites, kind: .movie, id: "7"))
        #expect(shown.item.note == "Watch with Ada")
        #expect(shown.state == .confirmed)
        #expect(await harness.mirror.refusals().isEmpty)
        #expect(server.items.map(\.note) == ["Watch with Ada"])
        await harness.shutDown()
    }

    @Test func resetSnapshotReplacesWhatTheServerHadAndKeepsPendingWritesOnTop() async throws {
        let server = MirrorHarness.server()
        server.saveElsewhere(MirrorHarness.item("1", "One"))
        server.saveElsewhere(MirrorHarness.item("2", "Two"))
        let harness = MirrorHarness(server, store: MemoryMirrorStore())
        await harness.mirror.start()
        await harness.until { $0.layers.appliedSeq == 2 }
        server.setWritesOffline(true)
        try await harness.mirror.save(
            list: .favorites, kind: .movie, id: "3", SavedItemEdit(snapshot: MirrorHarness.snapshot("Three")))

        server.restore([MirrorHarness.item("2", "Two, restored"), MirrorHarness.item("4", "Four")], seq: 1)
        await harness.until { $0.layers.appliedSeq == 1 }

        let shown = await harness.mirror.items(in: .favorites)
        #expect(Set(shown.map(\.item.id)) == ["2", "3", "4"])
        #expect(shown.first { $0.item.id == "2" }?.item.snapshot.title == "Two, restored")
        #expect(shown.first { $0.item.id == "2" }?.state == .confirmed)
        #expect(shown.first { $0.item.id == "4" }?.state == .confirmed)
        #expect(shown.first { $0.item.id == "3" }?.state == .pending)
        await harness.shutDown()
    }

    @Test func anotherPersonsMirrorIsDiscarded() async throws {
        let someoneElses = MirrorContents(
            userID: "user-0", items: [MirrorHarness.item("5", "Not yours")], resumePoint: "5",
            queue: [.save(ItemKey(.favorites, .movie, "6"), SavedItemEdit(), at: MirrorHarness.start)])
        let store = MemoryMirrorStore(someoneElses)
        let server = MirrorHarness.server()
        let harness = MirrorHarness(server, store: store)
        await harness.mirror.start()

        #expect(await harness.mirror.items(in: .favorites).isEmpty)
        #expect(await harness.mirror.pendingCount == 0)
        await harness.until { $0.isSynced }
        await harness.mirror.flush()
        #expect(await store.load() == MirrorContents(userID: "user-1", items: [], resumePoint: "0", queue: []))

        // Signing in as someone else while it runs: what waits for the first person is never sent as the second.
        server.setWritesOffline(true)
        let ticket = try await harness.mirror.save(
            list: .favorites, kind: .movie, id: "8", SavedItemEdit(snapshot: MirrorHarness.snapshot("Eight")))
        _ = await harness.sessions.signedIn(MirrorHarness.signIn("user-2"))
        await harness.until { $0.userID == "user-2" }
        await #expect(throws: MarqueeError.signedOut) {
            try await harness.mirror.confirmation(of: ticket)
        }
        #expect(await harness.mirror.pendingCount == 0)
        #expect(await harness.mirror.items(in: .favorites).isEmpty)
        await harness.shutDown()
    }

    @Test func writeThatWaitedAWeekIsDroppedWithAReason() async throws {
        let old = QueuedWrite.save(
            ItemKey(.favorites, .movie, "9"), SavedItemEdit(snapshot: MirrorHarness.snapshot("Nine")),
            at: MirrorHarness.start.addingTimeInterval(-8 * 86_400))
        let store = MemoryMirrorStore(MirrorContents(userID: "user-1", items: [], resumePoint: nil, queue: [old]))
        let server = MirrorHarness.server()
        let harness = MirrorHarness(server, store: store)
        await harness.mirror.start()

        #expect(await harness.mirror.pendingCount == 0)
        #expect(await harness.mirror.refusals().map(\.code) == [Refusal.expiredCode])
        await #expect(throws: MarqueeError.offline) {
            try await harness.mirror.confirmation(of: old.ticket)
        }
        #expect(await !harness.mirror.isSaved(list: .favorites, kind: .movie, id: "9"))
        #expect(!server.requests.contains { $0.hasPrefix("PUT") })
        await harness.shutDown()
    }

    @Test func editsTheServerWouldRefuseAreRefusedAtOnce() async throws {
        let harness = MirrorHarness(MirrorHarness.server(), store: MemoryMirrorStore())
        await harness.mirror.start()
        await harness.until { $0.isSynced }

        let rating = await #expect(throws: MarqueeError.self) {
            try await harness.mirror.save(
                list: .favorites, kind: .movie, id: "1",
                SavedItemEdit(snapshot: MirrorHarness.snapshot("One"), rating: .set(8)))
        }
        #expect(rating?.code == "items.not_watchable")
        let noSnapshot = await #expect(throws: MarqueeError.self) {
            try await harness.mirror.save(list: .favorites, kind: .movie, id: "1", SavedItemEdit(note: .set("Hi")))
        }
        #expect(noSnapshot?.code == "items.bad_snapshot")
        #expect(await harness.mirror.pendingCount == 0)
        await harness.shutDown()
    }

    @Test func nextLaunchResumesWhereTheItemsStand() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = MirrorHarness.server()
        server.saveElsewhere(MirrorHarness.item("1", "One"))
        let launch = {
            MirrorHarness(
                server, store: FileMirrorStore(directory: directory),
                resumePoints: FileResumePointStore(directory: directory))
        }

        let first = launch()
        await first.mirror.start()
        await first.until { $0.layers.appliedSeq == 1 }
        server.saveElsewhere(MirrorHarness.item("2", "Two"))
        await first.until { $0.layers.appliedSeq == 2 }
        await first.shutDown()
        #expect(await first.feed.resumePoints.load(for: "user-1") == "2")
        server.saveElsewhere(MirrorHarness.item("3", "Three"))

        let second = launch()
        await second.mirror.start()
        await second.until { $0.layers.appliedSeq == 3 }
        #expect(await second.mirror.items(in: .favorites).map(\.item.id) == ["1", "2", "3"])
        // The first connection had nothing to resume from; the second resumed after change 2, as the items stood.
        #expect(server.streamPoints == [nil, "2"])
        await second.shutDown()

        // Items that do not stand where the feed's point is (here, none kept) are filled from a snapshot instead.
        try await FileMirrorStore(directory: directory).remove()
        let third = launch()
        await third.mirror.start()
        await third.until { $0.layers.appliedSeq == 3 }
        #expect(await third.mirror.items(in: .favorites).count == 3)
        #expect(server.streamPoints == [nil, "2", nil])
        await third.shutDown()
    }

    @Test func readsTheChangeNumberOfAResumePoint() {
        #expect(ItemMirror.sequenceNumber(of: "42:1f3a9c0b") == 42)
        #expect(ItemMirror.sequenceNumber(of: "42") == 42)
        #expect(ItemMirror.sequenceNumber(of: "x:1") == nil)
        #expect(ItemMirror.sequenceNumber(of: nil) == nil)
    }
}
