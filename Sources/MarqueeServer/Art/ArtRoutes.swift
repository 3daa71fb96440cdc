import Foundation
import Hummingbird
import MarqueeArt
import MarqueeCatalog
import MarqueeCore
import MarqueeWire
import NIOCore

/// `/api/v1/art`: works of art searched by title or maker, and one work by its object number; plus the
/// placeholder drawn for a work whose image cannot be had.
struct ArtRoutes {
    let art: ArtService
    let sample: EmbeddedArt
    /// The response cache: a page the museum answered is everyone's for ten minutes, answered by the connection
    /// itself (`CachedResponseHandler`).
    let cache: ResponseCache
    /// A work's facts change rarely; an hour keeps a page that says "live search unavailable" from lasting long.
    static let cacheControl = "public, max-age=3600"
    /// What the sample answers while the museum cannot be reached is worth keeping only briefly.
    static let fallbackCacheControl = "public, max-age=60"

    func register(on router: Router<MarqueeRequestContext>) {
        let group = router.group("api/v1/art")
        group.get { request, context in
            var parse = try RequestParsing(request: request, context: context)
            let record = ParameterRecord()
            parse.record = record
            let text = try ArtSearchQuery.text(try parse.query(ArtSearchQuery.self).q)
            record.parsed("q", text.isEmpty ? nil : text)
            let page = try parse.page()
            let key = try record.key(template: context.endpointPath ?? request.uri.path, sent: parse.queryString)
            var fellBack = false
            let body = try await cache.body(
                keeping: key, route: context.endpointPath ?? "", cacheControl: Self.cacheControl,
                lifetime: .seconds(600),
                answer: {
                    let found = try await art.search(query: text, page: page)
                    fellBack = found.liveSearchUnavailable
                    return (try JSONResponse.body(found), !fellBack)
                })
            return JSONResponse.make(body, cacheControl: fellBack ? Self.fallbackCacheControl : Self.cacheControl)
        }
        group.get("{id}") { request, context in
            let parse = try RequestParsing(request: request, context: context)
            _ = try parse.query(NoQuery.self)
            let id = RequestParsing.pathParameter("id", in: context)
            return JSONResponse.make(
                try JSONResponse.body(try await art.artwork(id: id)), cacheControl: Self.cacheControl)
        }
        router.get("images/placeholder/artwork/{id}/poster") { request, context in
            let number = try ObjectNumber(RequestParsing.pathParameter("id", in: context)).value
            let work = sample.work(objectNumber: number)
            let svg = PlaceholderArt.svg(
                title: work?.title ?? number, subtitle: work?.maker, id: Int(FNV1a.hash(number) % 100_000),
                variant: .poster)
            return Response(
                status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400"],
                body: .init(byteBuffer: ByteBuffer(string: svg)))
        }
    }
}

/// The query of `GET /api/v1/art`: the words to look for in titles and makers (none: the museum's highlights).
struct ArtSearchQuery: Decodable {
    var q: String?
    /// Read by `RequestParsing.page`; named here so that it is allowed.
    var page: String?

    /// `q` trimmed, at most 100 characters.
    static func text(_ q: String?) throws -> String {
        let text = (q ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.unicodeScalars.count <= 100 else {
            throw DomainError(.badQuery, "q must be at most 100 characters.")
        }
        return text
    }
}
