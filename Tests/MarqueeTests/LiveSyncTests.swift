import Foundation
import HTTPTypes
import MarqueeServer
import MarqueeWire
import Synchronization
import Testing

/// Live sync over real SSE connections: delivery to every device of the owner and nobody else, resuming with no
/// lost or repeated change, snapshots after compaction, and streams that end with their sign-in.
@Suite("Live sync")
struct LiveSyncTests {

    static func run(_ body: @Sendable (H) async throws -> Void) async throws {
        try await H.run(
            configure: { tuning in
                tuning.streamHeartbeat = .milliseconds(100)
                tuning.changeLogLength = 4
            }, body)
    }

    @Test("Two devices: A saves and B sees it; B away while A makes three changes, B resumes with exactly those")
    func twoDevices() async throws {
        try await Self.run { h in
            let email = H.address("devices")
            let deviceA = try await h.signUpVerifyAndSignIn(email)
            let deviceB = try await h.signIn(email)
            let bob = try await h.guest()
            let streamB = h.stream(deviceB)
            let streamBob = h.stream(bob)
            #expect(try #require(await streamB.next()).event == "snapshot")
            #expect(try #require(await streamBob.next()).event == "snapshot")

            try await h.save(deviceA, "favorites/movie/603", title: "The Matrix", ["note": "Red pill"])
            let first = try #require(await streamB.next())
            #expect(first.event == "change" && first.seq == 1)
            #expect(try first.decode(ItemChange.self).item?.note == "Red pill")
            // Saving exactly that again changes nothing in the item, but it is a change of its own all the same: a
            // number that is A's alone, heard by every device.
            let again = try await h.save(deviceA, "favorites/movie/603", title: "The Matrix", ["note": "Red pill"])
            #expect(try again.decode(ItemChange.self).seq == 2)
            let echo = try #require(await streamB.next())
            #expect(try echo.seq == 2 && (echo.decode(ItemChange.self).item?.note) == "Red pill")

            streamB.close()
            _ = try await h.call(
                "/api/v1/me/items/favorites/movie/603", ["note": "Blue pill"], method: .patch,
                bearer: deviceA.accessToken)
            try await h.save(deviceA, "watchlist/tv/1396", title: "Breaking Bad")
            _ = try await h.call("/api/v1/me/items/favorites/movie/603", method: .delete, bearer: deviceA.accessToken)

            let resumed = h.stream(deviceB, lastEventID: "2")
            let missed = try await resumed.next(3)
            #expect(missed.map(\.seq) == [3, 4, 5])
            #expect(try missed.map { try $0.decode(ItemChange.self).op } == [.upsert, .upsert, .delete])
            #expect(try missed[0].decode(ItemChange.self).item?.note == "Blue pill")

            _ = try await h.call("/api/v1/me/items/watchlist", method: .delete, bearer: deviceA.accessToken)
            let clear = try #require(await resumed.next())
            #expect(
                try clear.seq == 6 && (clear.decode(ItemChange.self).op) == .clear
                    && (clear.decode(ItemChange.self).list) == .watchlist)

            // Someone else's stream only ever saw its own snapshot.
            #expect(await streamBob.next(within: .milliseconds(300)) == nil)
        }
    }

    @Test("Resuming past the compacted log gets a snapshot, on the stream and from GET /changes")
    func compaction() async throws {
        try await Self.run { h in
            let ada = try await h.guest()
            for id in 1...9 { try await h.save(ada, "favorites/movie/\(id)", title: "Film \(id)") }
            _ = try await h.call("/api/v1/me/items/favorites/movie/1", method: .delete, bearer: ada.accessToken)

            let stream = h.stream(ada, lastEventID: "1")
            let snapshot = try #require(await stream.next())
            #expect(snapshot.event == "snapshot" && snapshot.seq == 10)
            let parts = try snapshot.decode(StreamSnapshot.self)
            #expect(parts.reason == "compacted")
            #expect(parts.items.count == 8)
            try await h.save(ada, "favorites/movie/10", title: "Film 10")
            #expect(try #require(await stream.next()).seq == 11)

            let feed = try await h.get(ada, "/api/v1/me/changes?since=1", as: ItemChanges.self)
            #expect(feed.snapshot?.seq == 11)
            let recent = try await h.get(ada, "/api/v1/me/changes?since=9&limit=1", as: ItemChanges.self)
            #expect(recent.results.map(\.seq) == [10])
            #expect(recent.hasMore && recent.latestSeq == 11)

            let ahead = h.stream(ada, lastEventID: "500")
            #expect(try #require(await ahead.next()).decode(StreamSnapshot.self).reason == "reset")
            // Past any number a log could hold, it is still only ahead of this one.
            let farAhead = try await h.get(ada, "/api/v1/me/changes?since=9223372036854775808", as: ItemChanges.self)
            #expect(farAhead.snapshot?.reason == "reset")
            #expect(try await h.get(ada, "/api/v1/me/changes?since=", as: ItemChanges.self).hasMore == false)
            #expect(try await h.get(ada, "/api/v1/me/items?cursor=", as: ItemPage.self).totalResults == 9)
            // Some SSE clients send an empty Last-Event-ID before they have seen an id: as if there were none.
            let empty = h.stream(ada, lastEventID: "", query: "?since=10")
            #expect(try #require(await empty.next()).seq == 11)
        }
    }

    @Test(
        "A database restored from an older copy: a client whose last change the log now gives to another gets a snapshot"
    )
    func restoredDatabase() async throws {
        let dataDir = TestSettings.makeDataDirectory()
        let (database, backup) = (dataDir + "/marquee.sqlite", dataDir + "/backup.sqlite")
        let clock = TestClock()
        let box = SessionBox()
        let held = TextBox()
        try await H.run(clock: clock, dataDir: dataDir) { h in
            let ada = try await h.guest()
            box.session = ada
            try await h.save(ada, "favorites/movie/1", title: "Film 1")
        }
        try FileManager.default.copyItem(atPath: database, toPath: backup)
        try await H.run(clock: clock, dataDir: dataDir) { h in
            let ada = try #require(box.session)
            let stream = h.stream(ada, lastEventID: "1")
            try await h.save(ada, "favorites/movie/2", title: "Film 2")
            held.text = try #require(await stream.next()).id
            // Polling clients get the same point to continue from.
            let feed = try await h.get(ada, "/api/v1/me/changes?since=1", as: ItemChanges.self)
            #expect(feed.nextSince == held.text)
            let again = try await h.get(
                ada, "/api/v1/me/changes?since=\(try #require(held.text))", as: ItemChanges.self)
            #expect(again.results.isEmpty && again.nextSince == held.text)
        }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
        try FileManager.default.copyItem(atPath: backup, toPath: database)
        try await H.run(clock: clock, dataDir: dataDir) { h in
            let ada = try #require(box.session)
            let point = try #require(held.text)
            // Number 2 again, for another change: the client's film 2 is gone, film 3 is new.
            try await h.save(ada, "watchlist/movie/3", title: "Film 3")
            let resumed = h.stream(ada, lastEventID: point)
            let snapshot = try #require(await resumed.next())
            #expect(snapshot.event == "snapshot" && snapshot.seq == 2 && snapshot.id != point)
            let parts = try snapshot.decode(StreamSnapshot.self)
            #expect(parts.reason == "reset")
            #expect(parts.items.map(\.id).sorted() == ["1", "3"])
            let feed = try await h.get(ada, "/api/v1/me/changes?since=\(point)", as: ItemChanges.self)
            #expect(feed.snapshot?.reason == "reset")
            #expect(feed.nextSince == snapshot.id)
            // A bare number cannot tell the two changes 2 apart: it would go on as if nothing had happened.
            let bare = try await h.get(ada, "/api/v1/me/changes?since=2", as: ItemChanges.self)
            #expect(bare.results.isEmpty && bare.snapshot == nil)
        }
    }

    @Test("Heartbeats keep quiet streams alive; signing out or deleting the account ends them")
    func endings() async throws {
        try await Self.run { h in
            let email = H.address("ending")
            let first = try await h.signUpVerifyAndSignIn(email)
            let second = try await h.signIn(email)
            let firstStream = h.stream(first)
            let secondStream = h.stream(second)
            #expect(try #require(await firstStream.next()).event == "snapshot")
            #expect(try #require(await secondStream.next()).event == "snapshot")

            _ = try await h.call("/api/v1/auth/signout", [:], bearer: first.accessToken)
            #expect(try #require(await firstStream.next()).event == "end")
            #expect(await firstStream.next(within: .milliseconds(500)) == nil)
            #expect(await firstStream.isClosed)
            #expect(await secondStream.next(within: .milliseconds(400)) == nil)
            #expect(await !secondStream.isClosed)
            #expect(await secondStream.comments >= 2)

            let deleted = try await h.call(
                "/api/v1/me", ["password": H.password], method: .delete, bearer: second.accessToken)
            #expect(deleted.status == .ok, "\(deleted.text)")
            #expect(try #require(await secondStream.next()).event == "end")
        }
    }

    @Test("A guest merged into an existing account brings its items, and the owner's devices see them arrive")
    func guestMerge() async throws {
        try await Self.run { h in
            let email = H.address("owner")
            let owner = try await h.signUpVerifyAndSignIn(email)
            try await h.save(owner, "favorites/movie/603", title: "The Matrix", ["note": "owner's"])
            let guest = try await h.guest()
            try await h.save(guest, "favorites/movie/129", title: "Spirited Away")
            try await h.save(guest, "watchlist/movie/603", title: "The Matrix", ["note": "guest's"])
            let ownerStream = h.stream(owner, lastEventID: "1")

            let upgrade = try await h.call(
                "/api/v1/auth/upgrade", ["email": email, "password": "Other-Pass-42"], bearer: guest.accessToken)
            #expect(upgrade.status == .accepted)
            let mail = try await h.mailbox.message(to: email, subject: "guest")
            let merged = try await h.call("/api/v1/auth/verify", ["token": try mail.token(path: "/verify")])
            #expect(try merged.decode(StatusMessage.self).status == "merged")

            let arrivals = try await ownerStream.next(2)
            #expect(try Set(arrivals.map { try $0.decode(ItemChange.self).id }) == ["129", "603"])
            #expect(Set(try await h.ids(owner, "")) == ["603", "129"])
            #expect(
                try await h.get(owner, "/api/v1/me/items/favorites/movie/603", as: SavedItem.self).note == "owner's")
        }
    }

    @Test("A guest who signs in to an existing account brings its items; a wrong password leaves the guest as it was")
    func guestSignsIn() async throws {
        try await Self.run { h in
            let email = H.address("owner")
            let owner = try await h.signUpVerifyAndSignIn(email)
            let guest = try await h.guest()
            try await h.save(guest, "favorites/movie/129", title: "Spirited Away", ["note": "guest's"])
            let ownerStream = h.stream(owner, lastEventID: "0")

            let wrong = try await h.call(
                "/api/v1/auth/signin", ["email": email, "password": "Not-The-Password-1"], bearer: guest.accessToken)
            #expect(try wrong.errorCode() == "auth.invalid_credentials")
            #expect(try await h.ids(guest, "") == ["129"])

            let signedIn = try await h.call(
                "/api/v1/auth/signin", ["email": email, "password": H.password], bearer: guest.accessToken)
            #expect(signedIn.status == .ok, "\(signedIn.text)")
            let session = try H.Session(signedIn)
            #expect(session.userID == owner.userID)
            #expect(try #require(await ownerStream.next()).decode(ItemChange.self).id == "129")
            #expect(
                try await h.get(session, "/api/v1/me/items/favorites/movie/129", as: SavedItem.self).note == "guest's")
            #expect(
                try await h.call("/api/v1/me", method: .get, bearer: guest.accessToken).errorCode()
                    == "auth.session_ended")
        }
    }
}

/// Text one server run hands to the next.
final class TextBox: Sendable {
    private let value = Mutex<String?>(nil)

    var text: String? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}

@Suite("Experiences: live on every device")
struct ExperienceClearTests {
    @Test("A new experience (or unit) chosen on one device reaches the others' streams as an account event")
    func profileIsLive() async throws {
        try await LiveSyncTests.run { h in
            let ada = try await h.guest()
            let stream = h.stream(ada)
            #expect(try #require(await stream.next()).event == "snapshot")
            let patched = try await h.call(
                "/api/v1/me", ["experience": "events", "temperature_unit": "fahrenheit"], method: .patch,
                bearer: ada.accessToken)
            #expect(patched.status == .ok, "\(patched.text)")
            let event = try #require(await stream.next())
            #expect(event.event == "account" && event.id == nil)
            struct Notice: Decodable { var profile: Account.Profile }
            let profile = try event.decode(Notice.self).profile
            #expect(profile.experience == "events" && profile.temperatureUnit == "fahrenheit")
            // Saving changes nothing numbered: the next change is still number 1.
            try await h.save(ada, "favorites/event/demo-2643743-4", title: "A demo evening")
            #expect(try #require(await stream.next()).seq == 1)
        }
    }

    @Test("?experience= clears every kind of that experience in one change, heard live; the rest stays")
    func clearsOneExperience() async throws {
        try await LiveSyncTests.run { h in
            let ada = try await h.guest()
            let other = h.stream(ada)
            #expect(try #require(await other.next()).event == "snapshot")
            try await h.save(ada, "favorites/movie/603", title: "The Matrix")
            try await h.save(ada, "favorites/tv/1396", title: "Breaking Bad")
            try await h.save(ada, "favorites/event/demo-2643743-4", title: "A demo evening")
            try await h.save(ada, "watchlist/movie/604", title: "The Matrix Reloaded")
            _ = try await other.next(4)

            let cleared = try await h.call(
                "/api/v1/me/items/favorites?experience=movies", method: .delete, bearer: ada.accessToken)
            #expect(cleared.status == .ok, "\(cleared.text)")
            let change = try cleared.decode(ItemChange.self)
            #expect(change.op == .clear && change.kinds == [.movie, .tv, .person] && change.kind == nil)
            #expect(cleared.text.contains(#""media_types":["movie","tv","person"]"#))
            let heard = try #require(await other.next())
            #expect(try heard.seq == change.seq && heard.decode(ItemChange.self) == change)

            let left = try await h.call("/api/v1/me/items", method: .get, bearer: ada.accessToken)
            #expect(left.status == .ok, "\(left.text)")
            let items = try left.decode(ItemPage.self).results.map { "\($0.list.rawValue)/\($0.kind.rawValue)" }
            #expect(Set(items) == ["favorites/event", "watchlist/movie"])

            let again = try await h.call(
                "/api/v1/me/items/favorites?experience=movies", method: .delete, bearer: ada.accessToken)
            #expect(again.status == .noContent)
            // Both: that kind if the experience keeps it, else nothing.
            let neither = try await h.call(
                "/api/v1/me/items/favorites?experience=art&kind=event", method: .delete, bearer: ada.accessToken)
            #expect(neither.status == .noContent)
            let both = try await h.call(
                "/api/v1/me/items/favorites?experience=events&kind=event", method: .delete, bearer: ada.accessToken)
            #expect(try both.decode(ItemChange.self).kinds == [.event])
            for query in ["experience=sports", "experience=Movies"] {
                let refused = try await h.call(
                    "/api/v1/me/items/favorites?\(query)", method: .delete, bearer: ada.accessToken)
                #expect(refused.status == .badRequest, "\(query)")
                #expect(try refused.errorCode() == "request.invalid_parameter", "\(query)")
            }
        }
    }
}
