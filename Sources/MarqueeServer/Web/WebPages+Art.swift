import Foundation
import Hummingbird
import MarqueeArt
import MarqueeCore
import MarqueeWeb
import MarqueeWire

extension WebPages {
    func registerArtPages(on router: Router<MarqueeRequestContext>) {
        router.get("art") { request, context in
            try await rendering(request, context) { visit in try await artHome(request, context, visit: visit) }
        }
        router.get("art/{id}") { request, context in
            try await rendering(request, context) { visit in
                let work = try await art.artwork(id: RequestParsing.pathParameter("id", in: context))
                return try responses.page(
                    ArtworkPage(chrome: chrome(work.title, .art, visit, styles: ["things.css"]), work: work))
            }
        }
    }

    /// `/art`, and `/` for those whose app is about art: the museum's highlights, or the works found for `q`.
    func artHome(_ request: Request, _ context: MarqueeRequestContext, visit: WebVisit) async throws -> Response {
        let parse = try RequestParsing(request: request, context: context)
        let text = try ArtSearchQuery.text(parse.query("q"))
        let page = try parse.page()
        let found = try await art.search(query: text, page: page)
        let path = request.uri.path == "/" ? "/" : "/art"
        let query = text.isEmpty ? "" : "q=\(text.queryValueEncoded)"
        let things = ThingsPage(
            chrome: chrome(
                text.isEmpty ? "Art" : "Art: \(text)", .art, visit, scripts: ["things.js"], styles: ["things.css"]),
            heading: text.isEmpty ? "Art: highlights of the Rijksmuseum" : "Art: \(text)", action: path,
            fields: [.init(name: "q", label: "Title or maker", value: text, placeholder: "Rembrandt, The Milkmaid…")],
            notice: found.liveSearchUnavailable
                ? "Live search of the Rijksmuseum is unavailable right now: these are from Marquee's own sample of "
                    + "its collection." : nil,
            emptyText: "No works found. Try a maker's name, or fewer words of a title.",
            cards: found.results.map(Card.init), page: found.page, totalPages: found.totalPages,
            api: "/api/v1/art" + (query.isEmpty ? "" : "?\(query)"),
            attribution: "Works and facts: Rijksmuseum, Amsterdam. Images are public domain.",
            attributionURL: "https://www.rijksmuseum.nl/en", gated: visit.viewer == .guest && !text.isEmpty,
            pageURL: { "\(path)?\([query, "page=\($0)"].filter { !$0.isEmpty }.joined(separator: "&"))" })
        return try responses.page(things)
    }
}
