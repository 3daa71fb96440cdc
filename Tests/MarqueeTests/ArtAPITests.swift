import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeServer
import MarqueeUpstream
import MarqueeWire
import Testing

/// `/api/v1/art` through the whole server: the Rijksmuseum (a local fake of its search and Linked Art services), the
/// embedded sample when it is switched off or cannot be reached, and works saved as favourites.
@Suite("Art API")
struct ArtAPITests {
    /// Runs a server whose art comes from `fake`.
    func withMuseum(_ fake: FakeRijksmuseum, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void)
        async throws
    {
        try await fake.run { searchURL, idURL in
            var settings = try TestSettings.make([
                "art.provider": "rijksmuseum", "rijksmuseum.searchURL": searchURL, "rijksmuseum.idURL": idURL,
            ])
            settings.tuning.rijksmuseumPolicy.retryBaseDelay = .milliseconds(2)
            // A loaded machine must not turn a slow answer into the sample's.
            settings.tuning.rijksmuseumPolicy.timeout = .seconds(60)
            settings.tuning.artLiveDeadline = .seconds(60)
            try await withMarquee(settings, body)
        }
    }

    @Test("“Rembrandt” and “night watch” both find The Night Watch; a work has its facts, image and museum page")
    func search() async throws {
        let fake = FakeRijksmuseum()
        try await withMuseum(fake) { client in
            let byMaker = try await client.get("/api/v1/art?q=rembrandt")
            #expect(byMaker.status == .ok, "\(byMaker.text)")
            let page = try byMaker.decode(ArtPage.self)
            #expect(page.source == "rijksmuseum" && !page.liveSearchUnavailable)
            #expect(page.results.contains { $0.id == "SK-C-5" && $0.mediaType == "artwork" })
            #expect(page.results.allSatisfy { $0.thumbnailURL != nil }, "works without an image are left out")
            let byTitle = try await client.get("/api/v1/art?q=night%20watch")
            #expect(try byTitle.decode(ArtPage.self).results.map(\.id).contains("SK-C-5"))

            let work = try await client.get("/api/v1/art/SK-C-5")
            #expect(work.status == .ok)
            let details = try work.decode(ArtworkDetails.self)
            #expect(details.title == "The Night Watch" && details.makers == ["Rembrandt van Rijn"])
            #expect(details.webURL == "https://www.rijksmuseum.nl/en/collection/SK-C-5")
            #expect(details.imageURL == "https://iiif.micr.io/FAKE1/full/1600,/0/default.jpg")
            #expect(details.dating.beginYear == 1642)
        }
    }

    @Test("Bad input: an id the museum could not have issued, an unknown work, a long query, a bad page")
    func refusals() async throws {
        let fake = FakeRijksmuseum()
        try await withMuseum(fake) { client in
            for (uri, status, code) in [
                ("/api/v1/art/%20", 400, "art.bad_id"),
                ("/api/v1/art/\(String(repeating: "A", count: 65))", 400, "art.bad_id"),
                ("/api/v1/art/SK%3CC%3E5", 400, "art.bad_id"),
                ("/api/v1/art/SK-X-404", 404, "art.not_found"),
                ("/api/v1/art?q=\(String(repeating: "a", count: 101))", 400, "catalog.bad_query"),
                ("/api/v1/art?page=0", 400, "request.bad_page"),
                ("/api/v1/art?q=a&q=b", 400, "request.invalid_parameter"),
                ("/api/v1/art?maker=vermeer", 400, "request.unknown_parameter"),
            ] {
                let answer = try await client.get(uri)
                #expect(Int(answer.status.code) == status, "\(uri): \(answer.text)")
                #expect(try answer.errorCode() == code, "\(uri)")
            }
        }
    }

    @Test("The museum answering 429: the embedded sample answers, saying live search is unavailable")
    func fallback() async throws {
        let fake = FakeRijksmuseum()
        fake.isRateLimited = true
        try await withMuseum(fake) { client in
            let answer = try await client.get("/api/v1/art?q=vermeer")
            #expect(answer.status == .ok)
            let page = try answer.decode(ArtPage.self)
            #expect(page.source == "embedded" && page.liveSearchUnavailable)
            #expect(page.results.contains { $0.id == "SK-A-2344" }, "The Milkmaid is in the sample")
            #expect(answer.headers[.cacheControl] == "public, max-age=60")
            let work = try await client.get("/api/v1/art/SK-C-216")
            #expect(try work.decode(ArtworkDetails.self).title.contains("Jewish Bride"))
        }
    }

    @Test("Offline (the embedded provider): highlights first, placeholders drawn; ids with parentheses can be saved")
    func embedded() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            let highlights = try await client.get("/api/v1/art").decode(ArtPage.self)
            #expect(highlights.source == "embedded" && highlights.totalResults >= 150 && highlights.results.count == 20)
            let image = try #require(highlights.results.first?.imageURL)
            let path = try #require(URLComponents(string: image)?.path)
            let placeholder = try await client.get(path)
            #expect(placeholder.status == .ok && placeholder.headers[.contentType] == "image/svg+xml")

            let guest = try await BrowserSession.guest(client)
            let saved = try await guest.send(
                client, "/api/v1/me/items/favorites/artwork/RP-T-1930-54(V)", .put,
                #"{"snapshot":{"title":"A drawing, verso"}}"#)
            #expect(saved.status == .created, "\(saved.text)")
            let escaped = try await guest.send(
                client, "/api/v1/me/items/favorites/artwork/RP-T-1930-54%28V%29", .patch, #"{"note":"The back"}"#)
            #expect(try escaped.decode(ItemChange.self).item?.id == "RP-T-1930-54(V)")

            // The web pages: the highlights for anyone; a guest's search behind "Create account", as for movies.
            let html: HTTPFields = [.accept: "text/html"]
            let page = try await client.send("/art", method: .get, headers: html)
            #expect(page.text.contains("<title>Art · Marquee</title>") && !page.text.contains("gate-title"))
            let search = try await client.send(
                "/art?q=vermeer", method: .get, headers: [.accept: "text/html", .cookie: guest.cookie])
            #expect(search.text.contains("<title>Art: vermeer · Marquee</title>") && search.text.contains("gate-title"))
            let work = try await client.send("/art/SK-C-216", method: .get, headers: html)
            #expect(work.status == .ok && work.text.contains("Jewish Bride"))
        }
    }
}
