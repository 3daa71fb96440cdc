import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeWire
import Testing

/// Export and import: the JSON export round-trips, Letterboxd and IMDb files are matched against the catalog
/// (the embedded one here) with a report of every row left out and why, and importing twice changes nothing.
@Suite("Saved items export and import")
struct ItemImportTests {

    func upload(_ h: H, _ session: H.Session, _ body: String, query: String = "", type: String = "text/csv")
        async throws -> ImportReport
    {
        let response = try await h.client.send(
            "/api/v1/me/import\(query)", method: .post, body: body,
            headers: [.authorization: "Bearer \(session.accessToken)", .contentType: type])
        #expect(response.status == .ok, "\(response.text)")
        return try response.decode(ImportReport.self)
    }

    /// An item without the time of its last change (which an import sets afresh), to compare copies.
    func withoutUpdateTime(_ item: SavedItem) -> String {
        var item = item
        item.updatedAt = .distantPast
        return String(decoding: try! WireJSON.makeEncoder().encode(item), as: UTF8.self)
    }

    @Test("A Letterboxd file with messy rows: matched by TMDB id, IMDb id or title and year; the rest reported")
    func letterboxd() async throws {
        try await H.run { h in
            let ada = try await h.guest()
            let csv =
                "\u{FEFF}Title,Year,tmdbID,imdbID,Rating,WatchedDate,Review\r\n"
                + "Goodfellas,1990,769,,4.5,2024-05-01,\r\n"
                + "Some film,,,tt0133093,,,\"Loved it, \"\"twice\"\"\"\r\n"
                + "amelie,2001,,,,,\r\n"
                + "\"The Good, the Bad and the Ugly\",1966,,,5,,\"Line one\nline two\"\r\n"
                + "Amélie,1999,,,,,\r\n"
                + "Not A Real Film At All,2020,,,,,\r\n"
                + ",,,,,,\r\n"
                + ",2001,,,4,,\r\n"
                + "Bad id,2000,abc,,,,\r\n"
                + ",,99999999,,,,\r\n"
                + "Parasite,2019,496243,,1e19,,\r\n"
                + "\r\n"
            let report = try await upload(h, ada, csv)
            #expect(report.format == "letterboxd" && report.list == "watchlist")
            #expect(report.rows == 10 && report.imported == 4)
            #expect(report.notMatched.map(\.row) == [7, 8, 12])
            #expect(report.invalid.map(\.row) == [10, 11, 13])
            #expect(report.invalid.last?.reason.contains("rating") == true)

            func item(_ id: Int) async throws -> SavedItem {
                try await h.get(ada, "/api/v1/me/items/watchlist/movie/\(id)", as: SavedItem.self)
            }
            let goodfellas = try await item(769)
            #expect(
                goodfellas.rating == 9
                    && goodfellas.watchedAt.map(RFC3339.string)?.hasPrefix("2024-05-01") == true)
            #expect(try await item(603).note == #"Loved it, "twice""#)
            #expect(try await item(429).note == "Line one\nline two")
            #expect(try await item(194).snapshot.title == "Amélie")

            // A rating the API would refuse makes the row invalid: nothing of it is trusted.
            #expect(
                try await h.call("/api/v1/me/items/watchlist/movie/496243", method: .get, bearer: ada.accessToken)
                    .status == .notFound)

            let again = try await upload(h, ada, csv)
            #expect(again.imported == 0 && again.alreadySaved == 4)

            let odd =
                "Title,Year,tmdbID,Rating,WatchedDate\r\n" + "Goodfellas,1990,769,7,\r\n"
                + "The Matrix,1999,603,,notadate\r\n"
                + "Spirited Away,2001,129,,2099-01-01\r\n" + "Parasite,2019,496243,,1899-06-01\r\n"
            let refused = try await upload(h, ada, odd)
            #expect(refused.imported == 0 && refused.invalid.count == 4, "\(refused)")
        }
    }

    @Test("An IMDb list export: films and series by their tt ids, into the list asked for")
    func imdb() async throws {
        try await H.run { h in
            let ada = try await h.guest()
            let csv = """
                Position,Const,Created,Modified,Description,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors,Your Rating
                1,tt6751668,2024-01-02,2024-01-02,,Parasite,https://www.imdb.com/title/tt6751668/,Movie,8.5,132,2019,"Comedy, Drama",1000,2019-05-30,Bong Joon Ho,10
                2,tt0903747,2024-01-02,2024-01-02,Best show,Breaking Bad,https://www.imdb.com/title/tt0903747/,TV Series,9.5,49,2008,Drama,2000,2008-01-20,,
                3,tt9999999,2024-01-02,2024-01-02,,Unknown Thing,https://www.imdb.com/title/tt9999999/,Movie,5,90,2021,Drama,10,2021-01-01,,
                4,nm0000158,2024-01-02,2024-01-02,,A Person,https://www.imdb.com/name/nm0000158/,Movie,,,,,,,,
                """
            let report = try await upload(h, ada, csv, query: "?list=favorites")
            #expect(report.format == "imdb" && report.imported == 2, "\(report)")
            #expect(report.notMatched.count == 1)
            #expect(report.invalid.count == 1)
            let kinds = try await h.get(ada, "/api/v1/me/items?list=favorites", as: ItemPage.self).results
            #expect(Set(kinds.map(\.kind)) == [.movie, .tv])
            let show = try #require(kinds.first { $0.kind == .tv })
            #expect(show.note == "Best show")
        }
    }

    @Test("The JSON export imports into another account exactly, once; the CSV export is spreadsheet-safe")
    func roundTrip() async throws {
        try await H.run { h in
            let (ada, bob) = (try await h.guest(), try await h.guest())
            try await h.save(ada, "favorites/movie/603", title: "The Matrix", ["note": "=HYPERLINK(\"x\")"])
            try await h.save(ada, "favorites/movie/129", title: "Spirited Away", ["note": "\t+cmd"])
            try await h.save(ada, "favorites/movie/550", title: "'Fight' Club", ["note": "  '=quoted, with spaces  "])
            try await h.save(ada, "favorites/event/-7", title: "An id the CSV guards")
            // A Windows line break is one Character in Swift: the export must still quote the note.
            try await h.save(
                ada, "watchlist/tv/1396", title: "Breaking Bad",
                ["watched": true, "rating": 10, "note": "crlf\r\n\r\nx"])
            let city: [String: any Sendable] = [
                "title": "Amsterdam", "subtitle": "Netherlands", "extra": ["latitude": "52.37", "longitude": "4.89"],
            ]
            try await h.save(ada, "favorites/city/2759794", ["snapshot": city])
            let export = try await h.call("/api/v1/me/export", method: .get, bearer: ada.accessToken)
            #expect(export.headers[.contentDisposition]?.contains("attachment") == true)
            let report = try await upload(h, bob, export.text, type: "application/json")
            #expect(report.format == "json" && report.imported == 6)
            let bobs = try await h.get(bob, "/api/v1/me/export", as: ItemExport.self).items
            let adas = try export.decode(ItemExport.self).items
            #expect(Set(bobs.map(withoutUpdateTime)) == Set(adas.map(withoutUpdateTime)))
            #expect(try await upload(h, bob, export.text, type: "application/json").alreadySaved == 6)

            let csv = try await h.call("/api/v1/me/export?format=csv", method: .get, bearer: ada.accessToken)
            #expect(csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(csv.text.hasPrefix("list,media_type,id,title"))
            #expect(csv.text.contains(#""'=HYPERLINK(""x"")""#))
            #expect(csv.text.contains(",'\t+cmd,"))

            // The CSV export imports back too: lists, kinds, notes (formula guards taken off), ratings.
            let carol = try await h.guest()
            let fromCSV = try await upload(h, carol, csv.text)
            #expect(fromCSV.format == "csv" && fromCSV.imported == 6, "\(fromCSV)")
            let carols = try await h.get(carol, "/api/v1/me/export", as: ItemExport.self).items
            #expect(Set(carols.map(withoutUpdateTime)) == Set(adas.map(withoutUpdateTime)))
        }
    }

    @Test(
        "A bad item in a JSON export is reported alone; a file of another format than asked, too long, not UTF-8 or empty is refused"
    )
    func exportRows() async throws {
        try await H.run { h in
            let ada = try await h.guest()
            let items: [[String: any Sendable]] = [
                [
                    "list": "favorites", "media_type": "movie", "id": "603", "snapshot": ["title": "The Matrix"],
                    "created_at": "2020-01-02T03:04:05.000Z",
                ],
                ["list": "wishlist", "media_type": "movie", "id": "604", "snapshot": ["title": "Reloaded"]],
                [
                    "list": "watchlist", "media_type": "movie", "id": "605", "snapshot": ["title": "Revolutions"],
                    "watched_at": "2099-01-01T00:00:00Z",
                ],
                ["list": "favorites", "media_type": "movie", "id": 606, "snapshot": ["title": "Animatrix"]],
                ["list": "favorites", "media_type": "movie", "id": "607"],
                [
                    "list": "favorites", "media_type": "movie", "id": "608", "snapshot": ["title": "Old"],
                    "created_at": "1800-01-01T00:00:00Z",
                ],
            ]
            let body = String(decoding: try JSONSerialization.data(withJSONObject: ["items": items]), as: UTF8.self)
            let report = try await upload(h, ada, body, type: "application/json")
            let invalid = report.invalid
            // An id given as a number (as catalog answers give them) is taken like its text.
            try #require(report.imported == 2 && invalid.map(\.row) == [2, 3, 5, 6], "\(report)")
            #expect(invalid[3].reason.contains("1900"))
            let matrix = try await h.get(ada, "/api/v1/me/items/favorites/movie/603", as: SavedItem.self)
            #expect(matrix.createdAt == RFC3339.date("2020-01-02T03:04:05.000Z"))
            #expect(try await h.get(ada, "/api/v1/me/items/favorites/movie/606", as: SavedItem.self).id == "606")

            let mismatch = try await h.client.send(
                "/api/v1/me/import?format=letterboxd", method: .post, body: body,
                headers: [.authorization: "Bearer \(ada.accessToken)", .contentType: "application/json"])
            #expect(try mismatch.errorCode() == "items.unknown_import_format")
            // An export that says it is another format, or a version this server does not know, is not guessed at.
            for (field, value) in [("format", "other-items" as any Sendable), ("version", 2)] {
                let file = String(
                    decoding: try JSONSerialization.data(withJSONObject: [field: value, "items": items]), as: UTF8.self)
                let refused = try await h.client.send(
                    "/api/v1/me/import", method: .post, body: file,
                    headers: [.authorization: "Bearer \(ada.accessToken)", .contentType: "application/json"])
                #expect(try refused.errorCode() == "request.invalid_body", "\(field)")
            }

            for (body, type) in [
                ("Title\r\n" + String(repeating: "Film\r\n", count: 10_001), "text/csv"),
                (
                    #"{"items":["# + Array(repeating: "{}", count: 10_001).joined(separator: ",") + "]}",
                    "application/json"
                ),
            ] {
                let tooMany = try await h.client.send(
                    "/api/v1/me/import", method: .post, body: body,
                    headers: [.authorization: "Bearer \(ada.accessToken)", .contentType: type])
                #expect(try tooMany.errorCode() == "request.invalid_body")
                #expect(tooMany.text.contains("10,000"))
            }

            // A spreadsheet saved as Windows-1252 ("Amélie" with é as 0xE9) is refused with the way to save it,
            // instead of importing titles with letters replaced.
            let latin1 = Array("Title,Year\r\nAm".utf8) + [0xE9] + Array("lie,2001\r\n".utf8)
            let notUTF8 = try await h.client.send(
                "/api/v1/me/import?format=letterboxd", method: .post, bytes: latin1,
                headers: [.authorization: "Bearer \(ada.accessToken)", .contentType: "text/csv"])
            #expect(try notUTF8.errorCode() == "request.invalid_body")
            #expect(notUTF8.text.contains("CSV UTF-8"))
            let empty = try await h.client.send(
                "/api/v1/me/import", method: .post, bytes: [],
                headers: [.authorization: "Bearer \(ada.accessToken)", .contentType: "text/csv"])
            #expect(try empty.errorCode() == "request.invalid_body")
            #expect(try await h.ids(ada, "") == ["606", "603"])
        }
    }

    @Test("Imports running at once save each item once: every item is reported imported by exactly one of them")
    func concurrentImports() async throws {
        try await H.run { h in
            let ada = try await h.guest()
            var csv = "Title,Year,tmdbID\r\n"
            for id in [603, 769, 129, 194, 496243, 429, 550, 680] { csv += "Film,,\(id)\r\n" }
            let body = csv
            let imported = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 1...4 { group.addTask { try await upload(h, ada, body).imported } }
                return try await group.reduce(0, +)
            }
            let saved = try await h.get(ada, "/api/v1/me/items?limit=100", as: ItemPage.self).totalResults
            #expect(imported == saved && saved > 0)
            #expect(try await h.get(ada, "/api/v1/me/changes?since=0", as: ItemChanges.self).latestSeq == Int64(saved))
        }
    }
}
