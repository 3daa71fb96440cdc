import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeWire
import NIOCore
import Testing

/// Favourites and watchlists over real HTTP: saving, editing, paging, heart states, and the owner rule.
@Suite("Saved items API")
struct ItemAPITests {

    @Test("Saving, re-saving, editing and removing answer with the change; a re-save never wipes the note")
    func lifecycle() async throws {
        try await H.run { h in
            let ada = try await h.guest()
            let created = try await h.save(ada, "favorites/movie/603", title: "The Matrix", ["note": "Red pill"])
            #expect(created.status == .created, "\(created.text)")
            let change = try created.decode(ItemChange.self)
            #expect(change.seq == 1 && change.op == .upsert)
            #expect(change.kind == .movie && change.list == .favorites)

            let again = try await h.save(ada, "favorites/movie/603", title: "The Matrix")
            #expect(again.status == .ok)
            // Saving what is already there leaves the item and its times as they were, but the answer is still a
            // change of this call's own (never another's number); an edit that names no field is refused.
            let same = try again.decode(ItemChange.self)
            #expect(same.seq == 2)
            #expect(same.item?.updatedAt == change.item?.updatedAt)
            let nothing = try await h.call(
                "/api/v1/me/items/favorites/movie/603", [String: any Sendable](), method: .patch,
                bearer: ada.accessToken)
            #expect(try nothing.errorCode() == "request.invalid_body")
            #expect(try await h.get(ada, "/api/v1/me/changes?since=0", as: ItemChanges.self).latestSeq == 2)
            #expect(
                try await h.call("/api/v1/me/items?q=%EF%BF%BD", method: .get, bearer: ada.accessToken).status == .ok)
            let item = try await h.get(ada, "/api/v1/me/items/favorites/movie/603", as: SavedItem.self)
            #expect(item.note == "Red pill")
            #expect(item.createdAt == change.item?.createdAt)

            // Blank optional snapshot fields are the same as none.
            let blanks = try await h.call(
                "/api/v1/me/items/favorites/movie/604",
                [
                    "snapshot": ["title": "Reloaded", "image_url": "  ", "subtitle": "", "extra": [String: String]()]
                        as [String: any Sendable]
                ],
                method: .put, bearer: ada.accessToken)
            #expect(blanks.status == .created, "\(blanks.text)")
            let blankSnapshot = try #require(try blanks.decode(ItemChange.self).item?.snapshot)
            #expect(blankSnapshot == ItemSnapshot(title: "Reloaded"), "\(blankSnapshot)")

            let watched = try await h.save(
                ada, "watchlist/movie/603", title: "The Matrix", ["watched": true, "rating": 9])
            let watchedItem = try #require(try watched.decode(ItemChange.self).item)
            #expect(watchedItem.rating == 9 && watchedItem.watchedAt != nil)

            let cleared = try await h.call(
                "/api/v1/me/items/favorites/movie/603", ["note": NSNull()], method: .patch, bearer: ada.accessToken)
            #expect(cleared.status == .ok)
            #expect(try cleared.decode(ItemChange.self).item?.note == nil)

            let removed = try await h.call(
                "/api/v1/me/items/favorites/movie/603", method: .delete, bearer: ada.accessToken)
            #expect(try removed.decode(ItemChange.self).op == .delete)
            let twice = try await h.call(
                "/api/v1/me/items/favorites/movie/603", method: .delete, bearer: ada.accessToken)
            #expect(twice.status == .notFound)
            #expect(try twice.errorCode() == "items.not_found")

            let clear = try await h.call(
                "/api/v1/me/items/watchlist?kind=movie", method: .delete, bearer: ada.accessToken)
            #expect(try clear.decode(ItemChange.self).op == .clear)
            let empty = try await h.call("/api/v1/me/items/watchlist", method: .delete, bearer: ada.accessToken)
            #expect(empty.status == .noContent)
        }
    }

    @Test("Lists page by cursor without gaps or repeats, filter by list and kind, sort, and search titles and notes")
    func paging() async throws {
        try await H.run { h in
            let ada = try await h.guest()
            for number in 1...23 {
                h.clock.advance(by: 1)
                try await h.save(
                    ada, "favorites/\(number % 3 == 0 ? "tv" : "movie")/\(number)", title: "Title \(number)")
            }
            try await h.save(ada, "watchlist/movie/194", title: "Amélie", ["note": "Paris, Montmartre"])
            try await h.save(ada, "favorites/person/31", title: "Tom Hanks", ["note": "Saw him in PARIS"])

            let (seen, totals) = try await h.pagedIDs(ada, "?list=favorites&limit=10")
            #expect(totals == [24])
            #expect(seen.count == 24 && Set(seen).count == 24)
            #expect(seen.first == "31" && seen[1] == "23")

            #expect(try await h.ids(ada, "?kind=tv").count == 7)
            #expect(try await h.ids(ada, "?q=amelie") == ["194"])
            #expect(Set(try await h.ids(ada, "?q=paris")) == ["194", "31"])
            // A form sends spaces as `+`; a plus itself comes as `%2B`.
            #expect(try await h.ids(ada, "?q=saw+him") == ["31"])
            let escapedSpace = try await h.ids(ada, "?q=title%201")
            #expect(try await h.ids(ada, "?q=title+1") == escapedSpace)
            #expect(try await h.ids(ada, "?q=saw%2Bhim").isEmpty)
            #expect(try await h.ids(ada, "?list=watchlist") == ["194"])
            #expect(try await h.ids(ada, "?sort=title&limit=3") == ["194", "1", "10"])
            #expect(try await h.ids(ada, "?sort=created&order=asc&limit=2") == ["1", "2"])

            let first = try await h.get(ada, "/api/v1/me/items?limit=5", as: ItemPage.self)
            let otherSort = try await h.call(
                "/api/v1/me/items?sort=title&cursor=\(try #require(first.nextCursor))", method: .get,
                bearer: ada.accessToken)
            #expect(try otherSort.errorCode() == "items.bad_cursor")
        }
    }

    @Test("The watchlist filters by watched or not, and pages within the filter")
    func watchedFilter() async throws {
        try await H.run { h in
            let ada = try await h.guest()
            for id in 1...5 {
                h.clock.advance(by: 1)
                try await h.save(
                    ada, "watchlist/movie/\(id)", title: "Film \(id)", id.isMultiple(of: 2) ? ["watched": true] : [:])
            }
            try await h.save(ada, "favorites/movie/9", title: "Film 9")
            #expect(try await h.ids(ada, "?list=watchlist&watched=true") == ["4", "2"])
            #expect(try await h.ids(ada, "?list=watchlist&watched=false") == ["5", "3", "1"])
            #expect(try await h.ids(ada, "?watched=false&kind=movie&sort=title") == ["1", "3", "5", "9"])
            let marked = try await h.call(
                "/api/v1/me/items/watchlist/movie/3", ["watched": true], method: .patch, bearer: ada.accessToken)
            #expect(marked.status == .ok)
            #expect(try await h.ids(ada, "?list=watchlist&watched=false") == ["5", "1"])

            let (seen, totals) = try await h.pagedIDs(ada, "?list=watchlist&watched=true&limit=1")
            #expect(seen == ["4", "3", "2"] && totals == [3])
            // Most recently watched first; the highest rated first (no rating counts as 0).
            #expect(try await h.ids(ada, "?list=watchlist&sort=watched&watched=true") == ["3", "4", "2"])
            try await h.save(ada, "watchlist/movie/1", title: "Film 1", ["rating": 6])
            try await h.save(ada, "watchlist/movie/5", title: "Film 5", ["rating": 9])
            #expect(try await h.pagedIDs(ada, "?list=watchlist&sort=rating&limit=2").ids == ["5", "1", "4", "3", "2"])

            let first = try await h.get(ada, "/api/v1/me/items?list=watchlist&watched=true&limit=1", as: ItemPage.self)
            let cursorOfWatched = try #require(first.nextCursor)
            let mixed = try await h.call(
                "/api/v1/me/items?list=watchlist&watched=false&limit=1&cursor=\(cursorOfWatched)", method: .get,
                bearer: ada.accessToken)
            #expect(try mixed.errorCode() == "items.bad_cursor")
            for bad in ["yes", "1", "TRUE", ""] {
                let answer = try await h.call("/api/v1/me/items?watched=\(bad)", method: .get, bearer: ada.accessToken)
                let code = try answer.errorCode()
                #expect(answer.status == .badRequest && code == "request.invalid_parameter", "\(bad)")
            }
        }
    }

    @Test("States say which lists each item of a page is in, in one call")
    func states() async throws {
        try await H.run { h in
            let ada = try await h.guest()
            try await h.save(ada, "favorites/movie/603", title: "The Matrix")
            try await h.save(ada, "watchlist/movie/603", title: "The Matrix")
            try await h.save(ada, "watchlist/tv/1396", title: "Breaking Bad")
            // An id as catalog answers give it, a number, is taken like its text.
            let pairs: [[String: any Sendable]] = [
                ["media_type": "movie", "id": "603"], ["media_type": "tv", "id": 1396],
                ["media_type": "person", "id": "603"],
            ]
            let response = try await h.call("/api/v1/me/items/states", ["items": pairs], bearer: ada.accessToken)
            let results = try response.decode(ItemStates.self).results
            #expect(
                results.map { "\($0.mediaType) \($0.id) \($0.favorites) \($0.watchlist)" } == [
                    "movie 603 true true", "tv 1396 false true", "person 603 false false",
                ])
        }
    }

    @Test("Every kind of bad input gets a 4xx with a stable code, never a 500")
    func badInput() async throws {
        try await H.run(["itemLimit": "3"]) { h in
            let ada = try await h.guest()
            let token = ada.accessToken
            let path = "/api/v1/me/items/favorites/movie/603"
            let title = ["title": "The Matrix"]
            let cases: [(String, HTTPRequest.Method, [String: any Sendable]?, Int, String)] = [
                ("/api/v1/me/items/wishlist/movie/1", .put, ["snapshot": title], 400, "items.unknown_list"),
                ("/api/v1/me/items/favorites/book/1", .put, ["snapshot": title], 400, "items.unknown_kind"),
                ("/api/v1/me/items/favorites/movie/a%20b", .put, ["snapshot": title], 400, "items.bad_id"),
                (
                    "/api/v1/me/items/favorites/movie/\(String(repeating: "9", count: 65))", .put, ["snapshot": title],
                    400, "items.bad_id"
                ),
                ("/api/v1/me/items/favorites/movie/%2E%2E", .get, nil, 400, "items.bad_id"),
                ("/api/v1/me/items/favorites/movie/0603", .put, ["snapshot": title], 400, "items.bad_id"),
                ("/api/v1/me/items/favorites/person/0", .put, ["snapshot": title], 400, "items.bad_id"),
                // Each kind's ids have its own form: movies, shows, people and cities are numbers.
                ("/api/v1/me/items/favorites/movie/abc", .put, ["snapshot": title], 400, "items.bad_id"),
                ("/api/v1/me/items/favorites/city/london", .put, ["snapshot": title], 400, "items.bad_id"),
                // null is "clear it" only where something can be cleared; elsewhere it is not taken for "absent".
                (path, .put, ["snapshot": title, "watched": NSNull()], 400, "request.invalid_body"),
                (path, .put, ["snapshot": title, "note": String(repeating: "n", count: 2_001)], 400, "items.bad_note"),
                (path, .put, ["snapshot": title, "note": "bell\u{07}"], 400, "items.bad_note"),
                (path, .put, ["snapshot": title, "note": 5], 400, "request.invalid_body"),
                (path, .put, ["snapshot": title, "owner": "someone-else"], 400, "request.unknown_field"),
                (path, .put, ["snapshot": ["title": "X", "owner": "someone-else"]], 400, "request.unknown_field"),
                (
                    "/api/v1/me/items/states", .post, ["items": [["media_type": "movie", "id": "1", "user": "x"]]], 400,
                    "request.unknown_field"
                ),
                (path, .put, ["snapshot": ["title": " "]], 400, "items.bad_snapshot"),
                (
                    path, .put, ["snapshot": ["title": "X", "image_url": "javascript:alert(1)"]], 400,
                    "items.bad_snapshot"
                ),
                (path, .put, ["note": "no snapshot"], 400, "items.bad_snapshot"),
                (path, .put, ["snapshot": title, "rating": 7], 400, "items.not_watchable"),
                (
                    "/api/v1/me/items/watchlist/movie/603", .put, ["snapshot": title, "rating": 11], 400,
                    "items.bad_rating"
                ),
                (
                    "/api/v1/me/items/watchlist/movie/603", .put, ["snapshot": title, "watched_at": "yesterday"], 400,
                    "request.invalid_body"
                ),
                (path, .patch, ["note": "nothing to edit"], 404, "items.not_found"),
                // null removes what can be removed; a snapshot and the watched flag cannot be.
                (path, .patch, ["snapshot": NSNull()], 400, "request.invalid_body"),
                ("/api/v1/me/items/watchlist/movie/603", .patch, ["watched": NSNull()], 400, "request.invalid_body"),
                ("/api/v1/me/items?limit=0", .get, nil, 400, "request.invalid_parameter"),
                ("/api/v1/me/items?cursor=not-a-cursor", .get, nil, 400, "items.bad_cursor"),
                ("/api/v1/me/items?sort=popularity", .get, nil, 400, "request.invalid_parameter"),
                ("/api/v1/me/items?list=all", .get, nil, 400, "items.unknown_list"),
                ("/api/v1/me/changes?since=-1", .get, nil, 400, "items.bad_since"),
                ("/api/v1/me/changes/stream?since=x", .get, nil, 400, "items.bad_since"),
                ("/api/v1/me/items/states", .post, ["items": [[String: String]]()], 400, "items.too_many_pairs"),
                (
                    "/api/v1/me/items/states", .post,
                    ["items": Array(repeating: ["media_type": "movie", "id": "1"], count: 101)], 400,
                    "items.too_many_pairs"
                ),
                (
                    "/api/v1/me/items/states", .post, ["items": [["media_type": "song", "id": "1"]]], 400,
                    "items.unknown_kind"
                ),
                (
                    "/api/v1/me/items/states", .post,
                    ["items": [["media_type": "movie", "id": 1.5] as [String: any Sendable]]], 400,
                    "request.invalid_body"
                ),
                ("/api/v1/me/export?format=xml", .get, nil, 400, "request.invalid_parameter"),
                // Lengths count scalars: one letter with 2,000 combining accents displays as one character.
                (
                    path, .put, ["snapshot": title, "note": "a" + String(repeating: "\u{301}", count: 2_000)], 400,
                    "items.bad_note"
                ),
                (
                    path, .put, ["snapshot": ["title": "T" + String(repeating: "\u{301}", count: 300)]], 400,
                    "items.bad_snapshot"
                ),
                (path, .put, ["snapshot": ["title": "Two\nlines"]], 400, "items.bad_snapshot"),
                (path, .put, ["snapshot": ["title": "Two\u{2028}lines"]], 400, "items.bad_snapshot"),
                (path, .put, ["snapshot": ["title": "X", "subtitle": "tab\there"]], 400, "items.bad_snapshot"),
                (
                    path, .put, ["snapshot": ["title": "X", "image_url": "/\\evil.example/x.jpg"]], 400,
                    "items.bad_snapshot"
                ),
                (
                    path, .put, ["snapshot": ["title": "X", "image_url": "https://exa mple.com/x.jpg"]], 400,
                    "items.bad_snapshot"
                ),
                (path, .put, ["snapshot": ["title": "X", "image_url": "https:///x.jpg"]], 400, "items.bad_snapshot"),
                (
                    "/api/v1/me/items/watchlist/movie/603", .put, ["snapshot": title, "rating": 5.5], 400,
                    "items.bad_rating"
                ),
                (
                    "/api/v1/me/items/watchlist/movie/603", .put,
                    ["snapshot": title, "watched_at": "1899-12-31T23:59:59Z"], 400, "request.invalid_body"
                ),
                ("/api/v1/me/items?q=%FF", .get, nil, 400, "request.invalid_parameter"),
                ("/api/v1/me/items?list=favorites&q=100%", .get, nil, 400, "request.invalid_parameter"),
                ("/api/v1/search?q=%C3", .get, nil, 400, "request.invalid_parameter"),
                ("/api/v1/search?q=%00", .get, nil, 400, "catalog.bad_query"),
                ("/api/v1/me/items?q=a%00", .get, nil, 400, "catalog.bad_query"),
                // Requests that remove or write refuse a parameter they do not take, instead of acting on everything.
                ("/api/v1/me/items/favorites?media_type=movie", .delete, nil, 400, "request.unknown_parameter"),
                ("/api/v1/me/items/favorites?KIND=movie", .delete, nil, 400, "request.unknown_parameter"),
                ("/api/v1/me/items/favorites/movie/603?list=watchlist", .delete, nil, 400, "request.unknown_parameter"),
                ("/api/v1/me/import?fromat=csv", .post, ["items": [Int]()], 400, "request.unknown_parameter"),
                // A parameter given twice is refused rather than half read: this would clear the movies only.
                ("/api/v1/me/items/favorites?kind=movie&kind=tv", .delete, nil, 400, "request.invalid_parameter"),
                ("/api/v1/me/items?limit=10&limit=20", .get, nil, 400, "request.invalid_parameter"),
                ("/api/v1/me/changes/stream?since=0&since=1", .get, nil, 400, "request.invalid_parameter"),
                // A name without a value, or with brackets, is not read as absent: this would clear everything.
                ("/api/v1/me/items/favorites?kind", .delete, nil, 400, "request.invalid_parameter"),
                ("/api/v1/me/items/favorites?kind[]=movie", .delete, nil, 400, "request.invalid_parameter"),
                // The router finds the same route with an extra slash; the rule still holds.
                ("//api/v1/me/items/favorites?kind=movie&kind=tv", .delete, nil, 400, "request.invalid_parameter"),
                // Numbers are digits only, wherever the API takes one.
                ("/api/v1/me/changes?since=%2B1", .get, nil, 400, "items.bad_since"),
                ("/api/v1/me/items?limit=%2B5", .get, nil, 400, "request.invalid_parameter"),
                ("/api/v1/movies/popular?page=%2B1", .get, nil, 400, "request.bad_page"),
                ("/api/v1/movies/%2B603", .get, nil, 400, "catalog.bad_id"),
            ]
            for (path, method, body, status, code) in cases {
                let response = try await h.call(path, body, method: method, bearer: token)
                #expect(Int(response.status.code) == status, "\(method) \(path): \(response.text)")
                #expect(try response.errorCode() == code, "\(method) \(path)")
            }

            var headers: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            let badUTF8 = try await h.client.execute(
                uri: path, method: .put, headers: headers,
                body: ByteBuffer(bytes: Array(#"{"snapshot":{"title":""#.utf8) + [0xFF, 0xFE] + Array(#""}}"#.utf8))
            ) { $0 }
            #expect(badUTF8.status == .badRequest)
            for loose in [#"{"snapshot":{"title":"X"},}"#, #"{"snapshot":{"title":"X"},"note":"a","note":"b"}"#] {
                let response = try await h.client.send(path, method: .put, body: loose, headers: headers)
                #expect(try response.errorCode() == "request.invalid_body", "\(loose)")
            }
            let huge = try await h.save(ada, "favorites/movie/1", title: String(repeating: "x", count: 140_000))
            #expect(try huge.errorCode() == "request.body_too_large")
            // The largest item there is, every character an escaped surrogate pair (as Python's json.dumps writes
            // emoji), still fits.
            let emoji = { (count: Int) in String(repeating: #"\ud83c\udfac"#, count: count) }
            let extra = (1...20).map { #""field_\#($0)":"\#(emoji(200))""# }.joined(separator: ",")
            let largest =
                #"{"snapshot":{"title":"\#(emoji(300))","subtitle":"\#(emoji(200))","image_url":"/"#
                + String(repeating: "i", count: 1_998) + #"","extra":{\#(extra)}},"note":"\#(emoji(2_000))"}"#
            #expect(largest.utf8.count > 64 * 1024)
            let fits = try await h.client.send(
                "/api/v1/me/items/favorites/artwork/largest", method: .put, body: largest, headers: headers)
            #expect(fits.status == .created, "\(fits.text.prefix(300))")
            #expect(
                try await h.call("/api/v1/me/items/favorites/artwork/largest", method: .delete, bearer: token).status
                    == .ok)
            headers[.contentType] = "text/plain"
            let plain = try await h.client.send(
                path, method: .put, body: #"{"snapshot":{"title":"X"}}"#, headers: headers)
            #expect(try plain.errorCode() == "request.unsupported_media_type")
            let badResume = try await h.call(
                "/api/v1/me/changes/stream", method: .get, bearer: token, headers: [.init("Last-Event-ID")!: "abc"])
            #expect(try badResume.errorCode() == "items.bad_since")
            let wrongMethod = try await h.call(path, ["snapshot": title], method: .post, bearer: token)
            #expect(wrongMethod.status == .methodNotAllowed)
            #expect(try wrongMethod.errorCode() == "request.method_not_allowed")
            #expect(wrongMethod.headers[.init("Allow")!] == "DELETE, GET, HEAD, PATCH, PUT")
            #expect(try await h.call("/api/v1/me/nothing-here", method: .post, bearer: token).status == .notFound)
            let page = try await h.call("/movies", method: .delete)
            #expect(page.status == .methodNotAllowed && page.headers[.init("Allow")!] == "GET, HEAD")
            // The literal path wins over /items/{list}, in the router and in Allow.
            let statesDelete = try await h.call("/api/v1/me/items/states", method: .delete, bearer: token)
            #expect(statesDelete.status == .methodNotAllowed && statesDelete.headers[.init("Allow")!] == "POST")
            let anonymous = try await h.call(path, ["snapshot": title], method: .put)
            #expect(try anonymous.errorCode() == "auth.required")
            let importBad = try await h.client.send(
                "/api/v1/me/import", method: .post, body: "just some words\nnothing tabular",
                headers: [.authorization: "Bearer \(token)", .contentType: "text/csv"])
            #expect(try importBad.errorCode() == "items.unknown_import_format")

            let early = try await h.save(
                ada, "watchlist/movie/1", title: "Film 1", ["watched_at": "1950-01-01T00:00:00Z", "rating": 8.0])
            let earlyItem = try #require(try early.decode(ItemChange.self).item, "\(early.text)")
            #expect(earlyItem.watchedAt == RFC3339.date("1950-01-01T00:00:00Z") && earlyItem.rating == 8)
            #expect(early.text.contains(#""watched_at":"1950-01-01T00:00:00.000Z""#))
            #expect(
                try await h.call("/api/v1/me/items/watchlist/movie/1", method: .delete, bearer: token).status == .ok)

            for id in 1...3 {
                #expect(try await h.save(ada, "favorites/movie/\(id)", title: "Film \(id)").status == .created)
            }
            let over = try await h.save(ada, "favorites/movie/4", title: "Film 4")
            #expect(over.status == .conflict)
            #expect(try over.errorCode() == "items.limit_reached")
            #expect(over.text.contains("at most 3 saved items"))
            #expect(
                try await h.save(ada, "favorites/movie/3", title: "Film 3", ["note": "edits still work"]).status == .ok)
        }
    }

    @Test("Path ids may come percent-escaped, as clients that escape every segment send them")
    func escapedIDs() async throws {
        try await H.run { h in
            let ada = try await h.guest()
            #expect(try await h.save(ada, "favorites/artwork/SK:C:5", title: "The Night Watch").status == .created)
            let escaped = try await h.get(ada, "/api/v1/me/items/favorites/artwork/SK%3AC%3A5", as: SavedItem.self)
            #expect(escaped.id == "SK:C:5")
            // Every path parameter is read so, not the id alone.
            #expect(
                try await h.get(ada, "/api/v1/me/items/%66avorites/%61rtwork/SK:C:5", as: SavedItem.self).id == "SK:C:5"
            )
            let movie = try await h.call("/api/v1/movies/%36%30%33", method: .get)
            #expect(movie.status == .ok)
            // Decoded, an id is held to the same rules: a slash is no more an id character escaped than plain.
            let slash = try await h.call(
                "/api/v1/me/items/favorites/artwork/a%2Fb", method: .get, bearer: ada.accessToken)
            #expect(try slash.errorCode() == "items.bad_id")
        }
    }

    @Test("A body that cannot be parsed (a malformed chunk size) is a 400 of the client's, not a 500 of ours")
    func malformedChunkedBody() async throws {
        try await H.run { h in
            try await RawConnection.with(port: h.port) { connection in
                try await connection.send(
                    "POST /api/v1/auth/guest HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\nzz\r\n")
                let answer = try await connection.read(until: "requestId")
                #expect(answer.hasPrefix("HTTP/1.1 400") && answer.contains("request.invalid_body"), "\(answer)")
            }
        }
    }

    @Test("Another account's items are invisible on every route: 404, never a hint they exist")
    func ownerOnly() async throws {
        try await H.run { h in
            let (ada, bob) = (try await h.guest(), try await h.guest())
            try await h.save(ada, "favorites/movie/603", title: "The Matrix", ["note": "Ada's note"])
            let path = "/api/v1/me/items/favorites/movie/603"
            let read = try await h.call(path, method: .get, bearer: bob.accessToken)
            #expect(read.status == .notFound)
            #expect(try read.errorCode() == "items.not_found")
            let edit = try await h.call(path, ["note": "Bob was here"], method: .patch, bearer: bob.accessToken)
            #expect(edit.status == .notFound)
            let delete = try await h.call(path, method: .delete, bearer: bob.accessToken)
            #expect(delete.status == .notFound)
            #expect(
                try await h.call("/api/v1/me/items/favorites", method: .delete, bearer: bob.accessToken).status
                    == .noContent)
            let states = try await h.call(
                "/api/v1/me/items/states", ["items": [["media_type": "movie", "id": "603"]]], bearer: bob.accessToken)
            #expect(try states.decode(ItemStates.self).results.first?.favorites == false)
            #expect(try await h.ids(bob, "").isEmpty)
            #expect(try await h.ids(bob, "?q=matrix").isEmpty)
            #expect(try await h.get(bob, "/api/v1/me/export", as: ItemExport.self).items.isEmpty)
            let changes = try await h.get(bob, "/api/v1/me/changes?since=0", as: ItemChanges.self)
            #expect(changes.results.isEmpty && changes.latestSeq == 0)

            // Bob saving the same item makes his own copy; Ada's is untouched.
            try await h.save(bob, "favorites/movie/603", title: "The Matrix", ["note": "Bob's note"])
            #expect(try await h.get(ada, path, as: SavedItem.self).note == "Ada's note")
            #expect(try await h.ids(ada, "") == ["603"])
        }
    }
}
