import Foundation
import MarqueeCore
import MarqueeStore
import MarqueeStoreSQL
import MarqueeWire
import SQLKit
import Testing

/// The saved-items storage contract (items plus a per-person change log), against memory and SQLite.
@Suite("Saved item store")
struct SavedItemStoreTests {
    static func withStores(_ body: (any SavedItemStore, UserID, UserID) async throws -> Void) async throws {
        try await body(InMemorySavedItemStore(), UserID(), UserID())
        try await withEachMigratedDatabase { database in
            let users = SQLUserStore(database: database)
            let (ada, bob) = (UserRecord(createdAt: Date()), UserRecord(createdAt: Date()))
            try await users.insert(ada)
            try await users.insert(bob)
            try await body(SQLSavedItemStore(database: database), ada.id, bob.id)
        }
    }

    /// A SQLite store with one user in it (for what only the SQL store does: transactions, deletion).
    static func withSQLStore(
        _ body: (SQLSavedItemStore, any Database, SQLUserStore, UserRecord) async throws -> Void
    ) async throws {
        try await withEachMigratedDatabase { database in
            let users = SQLUserStore(database: database)
            let ada = UserRecord(createdAt: Date())
            try await users.insert(ada)
            try await body(SQLSavedItemStore(database: database), database, users, ada)
        }
    }

    let start = Date(timeIntervalSince1970: 1_790_000_000.5)

    func movie(_ id: String, list: SavedList = .favorites, note: String? = nil) -> SavedItem {
        SavedItem(
            list: list, kind: .movie, id: id, snapshot: ItemSnapshot(title: "Film \(id)", subtitle: "1999"), note: note,
            createdAt: start)
    }

    @Test("Every change gets the person's next sequence number; saving again keeps the creation time")
    func sequence() async throws {
        try await Self.withStores { store, ada, bob in
            let first = try await store.save(movie("603"), for: ada, at: start)
            #expect(first.seq == 1 && first.op == .upsert && first.item?.snapshot.title == "Film 603")
            let later = start.addingTimeInterval(60)
            let second = try await store.save(movie("603", note: "Rewatch"), for: ada, at: later)
            #expect(second.seq == 2)
            let stored = try #require(try await store.item(list: .favorites, kind: .movie, id: "603", for: ada))
            #expect(stored.createdAt == first.item?.createdAt && stored.note == "Rewatch" && stored == second.item)
            // The same item again: nothing rewritten (its times stay), but a change of its own, carrying the item as it was.
            let same = try await store.upsert(
                list: .favorites, kind: .movie, id: "603", for: ada, at: later.addingTimeInterval(60), limit: .max
            ) { _ in movie("603", note: "Rewatch") }
            #expect(!same.created && same.change.seq == 3 && same.change.item == stored)
            #expect(try await store.latest(for: ada) == 3)
            #expect(try await store.item(list: .favorites, kind: .movie, id: "603", for: ada) == stored)
            // Equal to Swift, not byte for byte: an edit all the same.
            let decomposed = try await store.upsert(
                list: .favorites, kind: .movie, id: "603", for: ada, at: later.addingTimeInterval(120), limit: .max
            ) { _ in movie("603", note: "Rewatch, cafe\u{301}") }
            let composed = try await store.upsert(
                list: .favorites, kind: .movie, id: "603", for: ada, at: later.addingTimeInterval(180), limit: .max
            ) { _ in movie("603", note: "Rewatch, caf\u{e9}") }
            #expect(decomposed.change.item?.updatedAt == later.addingTimeInterval(120))
            #expect(composed.change.item?.updatedAt == later.addingTimeInterval(180) && composed.change.seq == 5)
            let exact = try await store.item(list: .favorites, kind: .movie, id: "603", for: ada)?.note
            #expect(exact.map { Array($0.utf8) } == Array("Rewatch, caf\u{e9}".utf8))
            #expect(try await store.item(list: .watchlist, kind: .movie, id: "603", for: ada) == nil)
            #expect(try await store.item(list: .favorites, kind: .movie, id: "603", for: bob) == nil)
            let bobsFirst = try await store.save(movie("11"), for: bob, at: start)
            #expect(bobsFirst.seq == 1)

            #expect(try await store.remove(list: .favorites, kind: .movie, id: "603", for: ada, at: later)?.seq == 6)
            #expect(try await store.remove(list: .favorites, kind: .movie, id: "603", for: ada, at: later) == nil)
            #expect(try await store.save(movie("1"), for: ada, at: later).seq == 7)
            #expect(try await store.latest(for: ada) == 7)
            #expect(try await store.latest(for: bob) == 1)
            // A new item keeps the creation time it comes with only if that is in the past.
            let restored = try await store.upsert(
                list: .watchlist, kind: .movie, id: "7", for: bob, at: later, limit: .max
            ) { _ in
                SavedItem(
                    list: .watchlist, kind: .movie, id: "7", snapshot: ItemSnapshot(title: "Old"), createdAt: start)
            }
            let early = try await store.upsert(
                list: .watchlist, kind: .movie, id: "8", for: bob, at: later, limit: .max
            ) { _ in
                SavedItem(
                    list: .watchlist, kind: .movie, id: "8", snapshot: ItemSnapshot(title: "New"),
                    createdAt: later.addingTimeInterval(86_400))
            }
            #expect(restored.change.item?.createdAt == start && early.change.item?.createdAt == later)
            #expect(try await store.latest(for: UserID()) == 0, "nobody's log starts at zero")
        }
    }

    @Test("Clearing a list (or one kind of it) is one logged change; clearing nothing logs nothing")
    func clear() async throws {
        try await Self.withStores { store, ada, _ in
            _ = try await store.save(movie("1"), for: ada, at: start)
            _ = try await store.save(movie("2"), for: ada, at: start)
            var person = movie("31")
            person.kind = .person
            _ = try await store.save(person, for: ada, at: start)
            _ = try await store.save(movie("1", list: .watchlist), for: ada, at: start)
            let movies = try #require(try await store.clear(list: .favorites, kinds: [.movie], for: ada, at: start))
            #expect(movies.op == .clear && movies.kind == .movie && movies.seq == 5)
            #expect(try await store.items(list: .favorites, for: ada).map(\.id) == ["31"])
            #expect(try await store.clear(list: .favorites, kinds: [.movie], for: ada, at: start) == nil)
            #expect(try await store.clear(list: .favorites, kinds: nil, for: ada, at: start)?.seq == 6)
            #expect(try await store.items(list: .watchlist, for: ada).count == 1)
        }
    }

    @Test("The log replays exactly the changes after a number, in order; compaction says so")
    func feed() async throws {
        try await Self.withStores { store, ada, bob in
            for id in 1...5 { _ = try await store.save(movie(String(id)), for: ada, at: start) }
            guard case .changes(let all, let latest) = try await store.changes(for: ada, after: 0, limit: 100) else {
                Issue.record("expected changes")
                return
            }
            #expect(all.map(\.seq) == [1, 2, 3, 4, 5] && latest == 5)
            guard case .changes(let rest, _) = try await store.changes(for: ada, after: 2, limit: 2) else {
                Issue.record("expected changes")
                return
            }
            #expect(rest.map(\.seq) == [3, 4] && rest.map(\.id) == ["3", "4"])
            #expect(try await store.changes(for: bob, after: 0, limit: 100) == .changes([], latest: 0))

            try await store.compact(for: ada, keeping: 2)
            #expect(try await store.changes(for: ada, after: 0, limit: 100) == .compacted(latest: 5))
            #expect(try await store.changes(for: ada, after: 2, limit: 100) == .compacted(latest: 5))
            guard case .changes(let kept, _) = try await store.changes(for: ada, after: 3, limit: 100) else {
                Issue.record("expected changes")
                return
            }
            #expect(kept.map(\.seq) == [4, 5])
        }
    }

    @Test("Pages: sorted with ties broken by key, continued from a position, filtered, counted")
    func pages() async throws {
        try await Self.withStores { store, ada, bob in
            for id in ["b", "a", "c"] { _ = try await store.save(movie(id), for: ada, at: start) }
            var titled = movie("z", note: "Zebra crossing")
            titled.snapshot.title = "Ábaco"
            _ = try await store.save(titled, for: ada, at: start.addingTimeInterval(1))
            _ = try await store.save(movie("x", list: .watchlist), for: ada, at: start)
            var seen = movie("w", list: .watchlist)
            seen.watchedAt = start
            _ = try await store.save(seen, for: ada, at: start)
            _ = try await store.save(movie("q"), for: bob, at: start)

            let first = try await store.page(SavedItemQuery(list: .favorites, limit: 2), for: ada)
            #expect(first.items.map(\.id) == ["z", "c"] && first.total == 4)
            let second = try await store.page(SavedItemQuery(list: .favorites, after: first.next, limit: 2), for: ada)
            #expect(second.items.map(\.id) == ["b", "a"] && second.next == nil && second.total == 4)
            let ascending = try await store.page(SavedItemQuery(sort: .title, descending: false, limit: 10), for: ada)
            #expect(ascending.items.map(\.id) == ["z", "a", "b", "c", "w", "x"])
            let watched = try await store.page(SavedItemQuery(list: .watchlist, watched: true), for: ada)
            #expect(watched.items.map(\.id) == ["w"] && watched.total == 1)
            let toWatch = try await store.page(SavedItemQuery(list: .watchlist, watched: false), for: ada)
            #expect(toWatch.items.map(\.id) == ["x"] && toWatch.total == 1)
            #expect(try await store.page(SavedItemQuery(text: "zebra"), for: ada).items.map(\.id) == ["z"])
            #expect(try await store.page(SavedItemQuery(text: "abaco"), for: ada).items.map(\.id) == ["z"])
            #expect(try await store.page(SavedItemQuery(text: "100%"), for: ada).items.isEmpty)
            #expect(try await store.count(for: ada) == 6)

            let states = try await store.lists(
                containing: [
                    SavedItemKey(kind: .movie, id: "x"), SavedItemKey(kind: .movie, id: "q"),
                    SavedItemKey(kind: .movie, id: "a"),
                ], for: ada)
            #expect(
                states == [
                    SavedItemKey(kind: .movie, id: "x"): [.watchlist],
                    SavedItemKey(kind: .movie, id: "a"): [.favorites],
                ])
        }
    }

    @Test("By rating and by watch date: absent ones count as 0, ties go by key, and pages continue without gaps")
    func ratingAndWatchedOrder() async throws {
        try await Self.withStores { store, ada, _ in
            let marks: [(String, Int?, TimeInterval?)] = [
                ("x1", 8, 10), ("x2", nil, nil), ("x3", 8, 5), ("x4", 3, nil),
                ("x5", nil, Date(timeIntervalSince1970: -631_152_000).timeIntervalSince(start)),  // watched in 1950
            ]
            for (id, rating, watched) in marks {
                var item = movie(id, list: .watchlist)
                item.rating = rating
                item.watchedAt = watched.map { start.addingTimeInterval($0) }
                _ = try await store.save(item, for: ada, at: start)
            }
            func order(_ sort: SavedItemQuery.Sort, descending: Bool = true) async throws -> [String] {
                var ids: [String] = []
                var after: SavedItemPosition?
                repeat {
                    let page = try await store.page(
                        SavedItemQuery(list: .watchlist, sort: sort, descending: descending, after: after, limit: 1),
                        for: ada)
                    ids += page.items.map(\.id)
                    after = page.next
                } while after != nil && ids.count < 10
                #expect(
                    try await store.page(SavedItemQuery(list: .watchlist, sort: sort, descending: descending), for: ada)
                        .items.map(\.id) == ids, "one page reads as the pages do")
                return ids
            }
            #expect(try await order(.rating) == ["x3", "x1", "x4", "x5", "x2"])
            #expect(try await order(.rating, descending: false) == ["x2", "x5", "x4", "x1", "x3"])
            #expect(
                try await order(.watched) == ["x1", "x3", "x5", "x4", "x2"],
                "a date before 1970 still comes before none")
        }
    }

    @Test("Upserts hold the limit in their transaction and say whether they created; moves merge newest-wins")
    func limitsAndMoves() async throws {
        try await Self.withStores { store, ada, bob in
            let made = try await store.upsert(list: .favorites, kind: .movie, id: "1", for: ada, at: start, limit: 2) {
                _ in
                movie("1")
            }
            #expect(made.created && made.change.seq == 1)
            _ = try await store.upsert(list: .favorites, kind: .movie, id: "2", for: ada, at: start, limit: 2) { _ in
                movie("2")
            }
            await #expect(throws: SavedItemLimitReached(limit: 2)) {
                try await store.upsert(list: .favorites, kind: .movie, id: "3", for: ada, at: start, limit: 2) { _ in
                    movie("3")
                }
            }
            let edited = try await store.upsert(list: .favorites, kind: .movie, id: "2", for: ada, at: start, limit: 2)
            {
                var item = try #require($0)
                item.note = "still fine"
                return item
            }
            #expect(!edited.created && edited.change.seq == 3)
            #expect(try await store.count(for: ada) == 2)

            // Ada watched and rated a film; Bob (a guest) saved it later, without.
            let watched = SavedItem(
                list: .watchlist, kind: .movie, id: "9", snapshot: ItemSnapshot(title: "Old title"), note: "ada's",
                watchedAt: start, rating: 9, createdAt: start)
            _ = try await store.save(watched, for: ada, at: start)
            let unwatched = SavedItem(
                list: .watchlist, kind: .movie, id: "9", snapshot: ItemSnapshot(title: "New title"), createdAt: start)
            _ = try await store.save(unwatched, for: bob, at: start.addingTimeInterval(15))
            _ = try await store.save(movie("2", note: "bob's newer"), for: bob, at: start.addingTimeInterval(10))
            _ = try await store.save(movie("7"), for: bob, at: start)
            // One item past the limit, and nothing moves: not an item, not a sequence number.
            let (countBefore, latestBefore) = (try await store.count(for: ada), try await store.latest(for: ada))
            await #expect(throws: SavedItemLimitReached(limit: 3)) {
                try await store.move(from: bob, to: ada, at: start.addingTimeInterval(20), limit: 3)
            }
            let (countAfter, latestAfter) = (try await store.count(for: ada), try await store.latest(for: ada))
            #expect(countAfter == countBefore && latestAfter == latestBefore)
            #expect(try await store.count(for: bob) == 3)
            let moved = try await store.move(from: bob, to: ada, at: start.addingTimeInterval(20), limit: 4)
            #expect(moved.map(\.seq) == [5, 6, 7])
            // Nothing either wrote is lost: both notes, the newer first; the rating and watched date Bob never set.
            #expect(
                try await store.item(list: .favorites, kind: .movie, id: "2", for: ada)?.note
                    == "bob's newer\n\nstill fine")
            let merged = try #require(try await store.item(list: .watchlist, kind: .movie, id: "9", for: ada))
            #expect(merged.snapshot.title == "New title" && merged.note == "ada's")
            #expect(merged.rating == 9 && merged.watchedAt == start)
            #expect(try await store.count(for: ada) == 4)
            // At the limit, a move that brings nothing new is no reason to refuse.
            _ = try await store.move(from: bob, to: ada, at: start.addingTimeInterval(21), limit: 4)
            #expect(try await store.count(for: ada) == 4)
        }
    }

    @Test("Merging notes: the same note stays one, and two that would not fit in one note keep the newer")
    func mergedNotes() async throws {
        try await Self.withStores { store, ada, bob in
            let long = { (letter: String) in String(repeating: letter, count: 1_500) }
            _ = try await store.save(movie("1", note: "same"), for: ada, at: start)
            _ = try await store.save(movie("2", note: long("a")), for: ada, at: start)
            _ = try await store.save(movie("1", note: "same"), for: bob, at: start.addingTimeInterval(5))
            _ = try await store.save(movie("2", note: long("b")), for: bob, at: start.addingTimeInterval(5))
            let moved = try await store.move(from: bob, to: ada, at: start.addingTimeInterval(10), limit: 2)
            #expect(moved.map(\.id) == ["2"], "nothing new about film 1, so nothing logged")
            #expect(try await store.item(list: .favorites, kind: .movie, id: "1", for: ada)?.note == "same")
            #expect(try await store.item(list: .favorites, kind: .movie, id: "2", for: ada)?.note == long("b"))
        }
    }

    @Test("Titles sort by their bytes on every store, whatever the database's locale")
    func byteOrder() async throws {
        try await Self.withStores { store, ada, _ in
            for (id, title) in [("1", "a"), ("2", "_b"), ("3", "-a"), ("4", "B")] {
                _ = try await store.save(
                    SavedItem(
                        list: .favorites, kind: .movie, id: id, snapshot: ItemSnapshot(title: title), createdAt: start),
                    for: ada, at: start)
            }
            var query = SavedItemQuery()
            query.sort = .title
            query.descending = false
            query.limit = 10
            let page = try await store.page(query, for: ada)
            #expect(page.items.map(\.snapshot.title) == ["-a", "_b", "a", "B"])
        }
    }

    @Test("Concurrent saves share commits: each succeeds or fails alone, sequence numbers stay gapless")
    func groupedWrites() async throws {
        try await Self.withSQLStore { store, database, users, ada in
            struct Refused: Error {}
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for number in 1...60 {
                    group.addTask {
                        do {
                            _ = try await store.upsert(
                                list: .favorites, kind: .movie, id: String(number), for: ada.id, at: start, limit: 1_000
                            ) { _ in
                                if number % 7 == 0 { throw Refused() }
                                return movie(String(number))
                            }
                            return true
                        } catch {
                            return false
                        }
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 52)
            guard case .changes(let changes, let latest) = try await store.changes(for: ada.id, after: 0, limit: 100)
            else {
                Issue.record("expected changes")
                return
            }
            #expect(latest == 52 && changes.map(\.seq) == Array(1...52))
            #expect(Set(changes.compactMap(\.id)) == Set((1...60).filter { $0 % 7 != 0 }.map(String.init)))
            #expect(try await store.count(for: ada.id) == 52)
        }
    }

    @Test("A hole in the log (a compaction landing between reads) reads as compacted, never as fewer changes")
    func logGap() async throws {
        try await Self.withSQLStore { store, database, users, ada in
            for id in 1...4 { _ = try await store.save(movie(String(id)), for: ada.id, at: start) }
            try await database.write { db in
                try await db.delete(from: "change_log").where("user_id", .equal, ada.id.rawValue).where(
                    "seq", .lessThanOrEqual, 2
                )
                .run()
            }
            #expect(try await store.changes(for: ada.id, after: 1, limit: 10) == .compacted(latest: 4))
            try await database.write { db in
                try await db.delete(from: "change_log").where("user_id", .equal, ada.id.rawValue).run()
            }
            #expect(try await store.changes(for: ada.id, after: 3, limit: 10) == .compacted(latest: 4))
            #expect(try await store.changes(for: ada.id, after: 4, limit: 10) == .changes([], latest: 4))
        }
    }

    @Test("Deleting a user removes their items and change log")
    func deletion() async throws {
        try await Self.withSQLStore { store, database, users, ada in
            _ = try await store.save(movie("603"), for: ada.id, at: start)
            try await users.delete(id: ada.id)
            #expect(try await rowsMentioning(ada.id.rawValue, in: database).isEmpty)
        }
    }
}
