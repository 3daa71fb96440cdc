import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MarqueeWeb
import NIOCore
import Testing

@testable import MarqueeServer

/// The web app's pages in process: every page renders from the embedded catalog, what the quality bar measures
/// (page weight, cache validators, security headers), and errors as pages. The browser tests drive the scripts.
@Suite("Web pages")
struct WebPagesTests {
    static let html: HTTPFields = [.accept: "text/html"]

    @Test("The card the scripts clone is the card the server draws: one partial, the same markup")
    func cardTemplate() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            let page = try await client.get("/movies").text
            let drawn = try #require(page.firstMatch(of: /<li class="card".*?<\/li>/)).output
            let template = try #require(page.firstMatch(of: /<template id="card-template">(<li.*?<\/li>)/)).output.1
            #expect(Self.shape(String(drawn)) == Self.shape(String(template)))
            #expect(drawn.contains(#"width="185" height="278""#))
        }
    }

    /// Markup with its attribute values and text taken out: what is left is its elements and attribute names.
    static func shape(_ html: String) -> String {
        html.replacing(/"[^"]*"/, with: "\"\"").replacing(/>[^<]+</, with: "><")
    }

    @Test("Every public page renders, escaped, with the layout and security headers")
    func pagesRender() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            for path in [
                "/", "/movies", "/movies?list=top_rated", "/tv", "/tv?list=trending", "/genres", "/genres?kind=tv",
                "/genres?kind=movie&genre=28&sort=rating", "/search", "/search?q=matrix&type=movie", "/movie/603",
                "/tv/1399", "/downloads", "/signin", "/signup", "/reset", "/reset?done=reset_sent",
                "/reset?done=password_changed",
                "/verify?token=abc", "/verify?done=merged", "/email/confirm?token=abc",
                "/email/confirm?done=email_changed",
                "/person/6384",
            ] {
                let page = try await client.send(path, method: .get, headers: Self.html)
                #expect(page.status == .ok, "\(path)")
                #expect(page.headers[.contentType] == "text/html; charset=utf-8", "\(path)")
                #expect(page.text.contains("<main id=\"main\""), "\(path)")
                let policy = try #require(page.headers[.init("Content-Security-Policy")!], "\(path)")
                #expect(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'"))
                #expect(policy.contains("connect-src 'self' http://marquee.test"), "offline saving may fetch images")
                #expect(page.text.firstMatch(of: /<script(?![^>]*\ssrc=)/) == nil, "no inline scripts at \(path)")
            }
            let matrix = try await client.get("/movie/603")
            #expect(matrix.text.contains("The Matrix"))
            // This server's images are paths, good under any name; text naming its address is left as it is.
            #expect(matrix.text.contains(#"src="/images/placeholder/movie/603/"#))
            #expect(matrix.text.contains(#"data-image="/images/placeholder/movie/603/"#))
            #expect(!matrix.text.contains(#"src="http://marquee.test/"#))
            let ownAddress = try await client.get("/search?q=http%3A%2F%2Fmarquee.test%2Fx")
            #expect(ownAddress.text.contains(#"value="http://marquee.test/x""#))
            #expect(matrix.text.contains("data-list=\"watchlist\""))
            #expect(
                matrix.text.contains(#"data-kind="person""#) && matrix.text.contains(#"data-saved-sub="Acting""#),
                "a cast card shows the character but saves the person as an actor")
            let keanu = try await client.get("/person/6384")
            #expect(
                keanu.text.contains("Keanu Reeves") && keanu.text.contains(#"href="/movie/603""#),
                "known for The Matrix")
            let search = try await client.get("/search?q=%3Cscript%3E")
            #expect(search.text.contains("&lt;script&gt;") && !search.text.contains("<script>alert"))
            // The search form sends spaces as `+`, and a reloaded or shared link must show the words typed.
            let twoWords = try await client.get("/search?q=star+wars%2B")
            #expect(twoWords.text.contains(#"value="star wars+""#))
        }
    }

    @Test("The home page's HTML, CSS and script stay under 60 KiB")
    func homeWeight() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            let home = try await client.get("/")
            var total = home.body.readableBytes
            let linked = home.text.matches(of: /(?:href|src)="(\/static\/[^"]+)"/).map { String($0.1) }
            #expect(linked.count >= 3, "the stylesheet, the script and the icon")
            for asset in linked { total += try await client.get(asset).body.readableBytes }
            #expect(home.text.contains("class=\"hero\""))
            #expect(total < 60 * 1024, "home page weighs \(total) bytes")
        }
    }

    @Test("Static files carry ETags, answer If-None-Match with 304, and versioned URLs are immutable")
    func staticValidators() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            let home = try await client.get("/")
            let link = try #require(home.text.firstMatch(of: /href="(\/static\/app\.css\?v=[0-9a-f]+)"/)).1
            let css = try await client.get(String(link))
            #expect(css.status == .ok)
            #expect(css.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let etag = try #require(css.headers[.eTag])
            let again = try await client.send("/static/app.css", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            #expect(again.headers[.cacheControl] == "public, max-age=300")
            let worker = try await client.get("/sw.js")
            #expect(worker.headers[.init("Service-Worker-Allowed")!] == "/")
            #expect(worker.headers[.cacheControl] == "no-cache")
            #expect(try await client.get("/static/nothing.js").status == .notFound)

            // Installable: every page links the web app manifest, which names the app, its start and its icon.
            let manifestLink = try #require(home.text.firstMatch(of: /<link rel="manifest" href="([^"]+)">/)).1
            let manifest = try await client.get(String(manifestLink))
            #expect(manifest.headers[.contentType] == "application/manifest+json")
            let fields = try #require(JSONValue.parse(manifest.body.readableBytesView))
            #expect(fields["name"]?.string == "Marquee" && fields["start_url"]?.string == "/")
            let icon = try #require(fields["icons"]?.array?.first?["src"]?.string)
            #expect(try await client.get(icon).status == .ok)
        }
    }

    @Test("Pages and static files are gzipped for browsers that take it; the JSON API is not")
    func gzip() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            let gzip: HTTPFields = [.accept: "text/html", .acceptEncoding: "gzip, deflate, br"]
            let plain = try await client.send("/", method: .get, headers: Self.html)
            let home = try await client.send("/", method: .get, headers: gzip)
            #expect(
                home.headers[.contentEncoding] == "gzip" && home.headers[.vary]?.contains("Accept-Encoding") == true)
            #expect(Array(home.body.readableBytesView.prefix(2)) == [0x1f, 0x8b], "the gzip magic number")
            #expect(
                home.body.readableBytes * 3 < plain.body.readableBytes,
                "\(home.body.readableBytes) of \(plain.body.readableBytes)")
            #expect(plain.headers[.contentEncoding] == nil)
            let refused = try await client.send(
                "/", method: .get, headers: [.accept: "text/html", .acceptEncoding: "gzip;q=0"])
            #expect(refused.headers[.contentEncoding] == nil)

            let css = try await client.send("/static/app.css", method: .get, headers: gzip)
            let cssPlain = try await client.get("/static/app.css")
            #expect(
                css.headers[.contentEncoding] == "gzip" && css.headers[.contentLength] == String(css.body.readableBytes)
            )
            #expect(css.body.readableBytes < cssPlain.body.readableBytes / 2)
            let tag = try #require(css.headers[.eTag])
            #expect(tag != cssPlain.headers[.eTag], "each encoding has its own validator")
            var revalidate = gzip
            revalidate[.ifNoneMatch] = tag
            #expect(try await client.send("/static/app.css", method: .get, headers: revalidate).status == .notModified)
            revalidate[.ifNoneMatch] = cssPlain.headers[.eTag]
            #expect(
                try await client.send("/static/app.css", method: .get, headers: revalidate).status == .ok,
                "the plain file's validator does not vouch for the gzipped one")

            let api = try await client.send("/api/v1/movies/popular", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(api.status == .ok && api.headers[.contentEncoding] == nil)

            // Compressed pages must not hold a secret that stays the same: the CSRF token is masked afresh each time,
            // and every masked copy is accepted.
            let guest = try await BrowserSession.guest(client)
            var tokens: [String] = []
            for _ in 0..<2 {
                let page = try await client.send(
                    "/favorites", method: .get, headers: [.accept: "text/html", .cookie: guest.cookie])
                tokens.append(String(try #require(page.text.firstMatch(of: /name="csrf-token" content="([^"]+)"/)).1))
            }
            #expect(tokens[0] != tokens[1] && tokens[0] != guest.csrf)
            for (token, expected) in zip(tokens, [HTTPResponse.Status.created, .ok]) {
                let saved = try await BrowserSession(cookie: guest.cookie, csrf: token).send(
                    client, "/api/v1/me/items/favorites/movie/603", .put, #"{"snapshot":{"title":"The Matrix"}}"#)
                #expect(saved.status == expected, "\(saved.text)")
            }
            let forged = (tokens[0].hasPrefix("A") ? "B" : "A") + String(tokens[0].dropFirst())
            let forgedSave = try await BrowserSession(cookie: guest.cookie, csrf: forged).send(
                client, "/api/v1/me/items/favorites/movie/604", .put, #"{"snapshot":{"title":"X"}}"#)
            #expect(forgedSave.status == .forbidden)
        }
    }

    @Test("Errors reach browsers as a page with the message, code and request id; API clients still get JSON")
    func errorPages() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            let missing = try await client.send("/movie/999999999", method: .get, headers: Self.html)
            #expect(missing.status == .notFound)
            #expect(missing.text.contains("catalog.not_found"))
            let requestID = try #require(missing.headers[.init("X-Request-Id")!])
            #expect(missing.text.contains(requestID))
            let nowhere = try await client.send("/no/such/page", method: .get, headers: Self.html)
            #expect(nowhere.status == .notFound && nowhere.text.contains("request.not_found"))
            let bad = try await client.send("/movies?list=nonsense", method: .get, headers: Self.html)
            #expect(bad.status == .badRequest && bad.text.contains("list must be one of"))
            let api = try await client.send("/api/v1/movies/999999999", method: .get, headers: Self.html)
            #expect(try api.errorCode() == "catalog.not_found")
            let json = try await client.send("/movie/999999999", method: .get, headers: [.accept: "application/json"])
            #expect(
                try json.errorCode() == "catalog.not_found", "a client asking for JSON gets JSON from a page route too")

            // The error page keeps the visitor's header: a signed-in person is still shown as signed in.
            let guest = try await BrowserSession.guest(client)
            let theirs = try await client.send(
                "/movie/999999999", method: .get, headers: [.accept: "text/html", .cookie: guest.cookie])
            #expect(theirs.status == .notFound && theirs.text.contains(#"data-viewer="guest""#))
            #expect(theirs.headers[.init("X-Request-Id")!].map { theirs.text.contains($0) } == true)
        }
    }

    @Test("Personal pages send visitors to sign in; guests see Discover and Search locked, members do not")
    func signInAndGuestGating() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            for path in ["/favorites", "/watchlist", "/account"] {
                let page = try await client.send(path, method: .get, headers: Self.html)
                #expect(page.status == .seeOther)
                #expect(page.headers[.location] == "/signin?next=\(path.replacingOccurrences(of: "/", with: "%2F"))")
            }
            let anonymous = try await client.get("/")
            #expect(!anonymous.text.contains("class=\"gate\""))

            let cookie = try await BrowserSession.guest(client).cookie
            let home = try await client.send("/", method: .get, headers: [.cookie: cookie])
            #expect(home.text.contains("class=\"gate\"") && home.text.contains("class=\"locked\" inert"))
            #expect(home.text.contains("data-viewer=\"guest\"") && home.text.contains("name=\"csrf-token\""))
            let search = try await client.send("/search", method: .get, headers: [.cookie: cookie])
            #expect(search.text.contains("class=\"gate\""))
            let favorites = try await client.send("/favorites", method: .get, headers: [.cookie: cookie])
            #expect(favorites.status == .ok && favorites.text.contains("Nothing saved yet"))
            let account = try await client.send("/account", method: .get, headers: [.cookie: cookie])
            #expect(account.text.contains("id=\"upgrade\"") && account.text.contains("Danger zone"))
        }
    }

    @Test("After signing in, only paths on this site are followed; links keep the whole path")
    func signInNext() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            for (next, kept) in [
                ("%2Fmovie%2F603", "/movie/603"), ("%2F%09%2Fevil.example", "/"), ("%2F%2Fevil.example", "/"),
                ("%2F%5Cevil.example", "/"), ("https%3A%2F%2Fevil.example", "/"), ("%2F%0A%2Fevil.example", "/"),
            ] {
                let page = try await client.get("/signin?next=\(next)")
                #expect(page.text.contains("data-next=\"\(kept)\""), "next=\(next)")
            }
            let search = try await client.get("/signin?next=%2Fsearch%3Fq%3Da%26type%3Dtv")
            #expect(search.text.contains("/signup?next=%2Fsearch%3Fq%3Da%26type%3Dtv"))
        }
    }

    @Test("A refused search (a bad year) is explained on the search page, not as an error page")
    func searchProblemInline() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            let page = try await client.send("/search?q=matrix&year=abc", method: .get, headers: Self.html)
            #expect(page.status == .ok)
            #expect(page.text.contains("class=\"error\" role=\"alert\">year must be a whole number"))
        }
    }

    @Test("Favourites page by cursor, show saved ratings, and say which change their live stream resumes after")
    func savedPages() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            let session = try await BrowserSession.guest(client)
            for id in 1...23 {
                let saved = try await session.send(
                    client, "/api/v1/me/items/favorites/movie/\(id)", .put, #"{"snapshot":{"title":"Film \#(id)"}}"#)
                #expect(saved.status == .created)
            }
            #expect(
                try await session.send(
                    client, "/api/v1/me/items/watchlist/movie/7", .put, #"{"snapshot":{"title":"Film 7"},"rating":7}"#
                ).status == .created)

            let first = try await client.send("/favorites", method: .get, headers: [.cookie: session.cookie])
            // The page names the account too: a heart tapped offline waits under it until it can be sent.
            let body =
                /<body data-viewer="guest" data-account="[0-9a-f-]{36}" data-experience="movies" data-since="24:[0-9a-f]{8}">/
            #expect(first.text.contains(body))
            // Every page of a signed-in visit says it too, so its stream resumes there instead of starting with a
            // snapshot of every item.
            let title = try await client.send("/movie/603", method: .get, headers: [.cookie: session.cookie])
            #expect(title.text.contains(body))
            let anonymous = try await client.get("/movie/603").text
            #expect(!anonymous.contains("data-since") && !anonymous.contains("data-account"))
            #expect(savedEntries(first.text) == 20)
            let more = try #require(first.text.firstMatch(of: /href="([^"]+)" rel="next">More/)).1
            let second = try await client.send(
                String(more).replacingOccurrences(of: "&amp;", with: "&"), method: .get,
                headers: [.cookie: session.cookie])
            #expect(second.status == .ok)
            #expect(savedEntries(second.text) == 3)
            #expect(second.text.contains("Film 1<") && !second.text.contains("Film 23<"))

            let watchlist = try await client.send("/watchlist", method: .get, headers: [.cookie: session.cookie])
            #expect(watchlist.text.contains("<option value=\"7\" selected>7</option>"))
            // The Show menu: what is left to watch, or what was watched; kind tabs keep the choice.
            let toWatch = try await client.send(
                "/watchlist?show=to_watch", method: .get, headers: [.cookie: session.cookie])
            #expect(toWatch.text.contains(#"data-watched="false""#) && toWatch.text.contains("Film 7<"))
            #expect(toWatch.text.contains(#"<option value="to_watch" selected>To watch</option>"#))
            #expect(toWatch.text.contains(#"href="/watchlist?kind=tv&amp;show=to_watch""#))
            let seen = try await client.send(
                "/watchlist?show=watched", method: .get, headers: [.cookie: session.cookie])
            #expect(seen.text.contains(#"data-watched="true""#) && !seen.text.contains("Film 7<"))
            #expect(seen.text.contains("Nothing matches this filter."))
            let favorites = try await client.send("/favorites", method: .get, headers: [.cookie: session.cookie]).text
            #expect(!favorites.contains("saved-show") && !favorites.contains("rating.desc"))
            let rated = try await client.send(
                "/watchlist?order_by=rating.desc", method: .get, headers: [.cookie: session.cookie])
            #expect(rated.text.contains(#"<option value="rating.desc" selected>Highest rated</option>"#))
            #expect(rated.text.contains(#"<option value="watched.desc">Recently watched</option>"#))

            // A filtered page says which filter it was drawn with (its script adds live changes only when unfiltered)
            // and what matched.
            let filtered = try await client.send(
                "/favorites?q=film%202&kind=movie", method: .get, headers: [.cookie: session.cookie])
            #expect(filtered.text.contains(#"data-kind="movie" data-query="film 2""#))
            #expect(savedEntries(filtered.text) == 5, "Film 2, 20, 21, 22, 23")
            let nothing = try await client.send("/favorites?q=zzz", method: .get, headers: [.cookie: session.cookie])
            #expect(
                nothing.text.contains("Nothing matches this filter.")
                    && !nothing.text.contains(#"id="saved-empty" class="empty" hidden"#))
            #expect(first.text.contains(#"id="saved-empty" class="empty" hidden"#), "a full page hides the empty note")
        }
    }

    @Test("Grids page through the API in the person's own language and region")
    func gridLocale() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            let anonymous = try await client.get("/movies")
            #expect(anonymous.text.contains("data-api=\"/api/v1/movies/popular\""))
            let session = try await BrowserSession.guest(client)
            #expect(
                try await session.send(client, "/api/v1/me", .patch, #"{"language":"fr-FR","region":"FR"}"#).status
                    == .ok)
            let movies = try await client.send("/movies", method: .get, headers: [.cookie: session.cookie])
            #expect(movies.text.contains("data-api=\"/api/v1/movies/popular?language=fr-FR&amp;region=FR\""))
            let search = try await client.send("/search?q=matrix", method: .get, headers: [.cookie: session.cookie])
            #expect(search.text.contains("data-locale=\"language=fr-FR&amp;region=FR\""))
        }
    }
}

/// How many saved items a list page shows: its entries, not the template the script clones for live arrivals.
private func savedEntries(_ html: String) -> Int {
    let list = html.split(separator: "<template id=\"saved-entry-template\">").first ?? ""
    return list.matches(of: /class="saved-item"/).count
}
