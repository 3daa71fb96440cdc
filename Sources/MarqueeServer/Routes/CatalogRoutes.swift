import Hummingbird
import MarqueeCatalog
import MarqueeCore
import MarqueeWire
import NIOCore

/// `/api/v1` catalog routes: lists, details, search, genres, discovery and the home feed.
struct CatalogRoutes {
    let provider: any CatalogProvider
    let home: HomeFeedBuilder
    let cache: ResponseCache
    let defaults: LocaleOptions
    /// Sent with cacheable catalog responses.
    let cacheControl: String

    func register(on router: Router<MarqueeRequestContext>) {
        let api = router.group("api/v1")
        for list in CatalogList.MovieList.allCases {
            api.get("movies/\(list.rawValue)") { request, context in
                try await listResponse(.movies(list), request, context)
            }
        }
        for list in CatalogList.TVList.allCases {
            api.get("tv/\(list.rawValue)") { request, context in try await listResponse(.tv(list), request, context) }
        }
        api.get("people/popular") { request, context in try await listResponse(.popularPeople, request, context) }
        api.get("movies/{id}") { request, context in
            try await cached(request, context) { parse in
                try parse.id(orListOf: CatalogList.MovieList.allCases.map(\.rawValue))
            } fetch: { id, locale in
                try JSONResponse.body(try await provider.movie(id: id, locale: locale))
            }
        }
        api.get("tv/{id}") { request, context in
            try await cached(request, context) { parse in
                try parse.id(orListOf: CatalogList.TVList.allCases.map(\.rawValue))
            } fetch: { id, locale in
                try JSONResponse.body(try await provider.tv(id: id, locale: locale))
            }
        }
        api.get("people/{id}") { request, context in
            try await cached(request, context) { parse in
                try parse.id(orListOf: ["popular"])
            } fetch: { id, locale in
                try JSONResponse.body(try await provider.person(id: id, locale: locale))
            }
        }
        api.get("search") { request, context in
            try await cached(request, context) { parse in
                try SearchQuery(
                    text: parse.query("q") ?? "", scope: try parse.choice("type", default: SearchQuery.Scope.multi),
                    year: try parse.optionalInt("year", range: 1870...2100), page: try parse.page())
            } fetch: { query, locale in
                try JSONResponse.body(try await provider.search(query, locale: locale))
            }
        }
        api.get("genres") { request, context in
            try await cached(request, context) { parse in
                try parse.kind(allowed: [.movie, .tv])
            } fetch: { kind, locale in
                try JSONResponse.body(
                    GenreList(mediaType: kind, genres: try await provider.genres(kind: kind, locale: locale)))
            }
        }
        api.get("discover") { request, context in
            try await cached(request, context) { parse in
                let kind = try parse.kind(allowed: [.movie, .tv])
                let genre = try parse.optionalInt("genre", range: 1...Int(Int32.max))
                if let genre, !GenreTable.genres(for: kind).contains(where: { $0.id == genre }) {
                    throw DomainError(
                        .invalidParameter,
                        "There is no \(kind.rawValue) genre with id \(genre); see /api/v1/genres?kind=\(kind.rawValue)."
                    )
                }
                return DiscoverQuery(
                    kind: kind, genre: genre, sort: try parse.choice("sort", default: DiscoverQuery.Sort.popularity),
                    page: try parse.page())
            } fetch: { query, locale in
                try JSONResponse.body(try await provider.discover(query, locale: locale))
            }
        }
        api.get("home") { request, context in
            // Not cached: the hero is picked at random on every call.
            var parse = try RequestParsing(request: request, context: context)
            parse.record = ParameterRecord()
            let locale = try parse.locale(defaults: defaults)
            _ = try parse.record?.key(template: "/api/v1/home", sent: parse.queryString)
            return try JSONResponse.make(try await home.build(locale: locale))
        }
    }

    private func listResponse(_ list: CatalogList, _ request: Request, _ context: MarqueeRequestContext) async throws
        -> Response
    {
        try await cached(request, context) { parse in
            (try TrendingWindow(parameter: list.isTrending ? parse.query("window") : nil), try parse.page())
        } fetch: { parameters, locale in
            let (window, page) = parameters
            return try JSONResponse.body(try await provider.list(list, window: window, page: page, locale: locale))
        }
    }

    /// Answers from the response cache, computing and caching on a miss. `parse` reads the request's parameters
    /// (any other parameter is refused with `request.unknown_parameter`), and the cache's key is made of what it
    /// parsed (see `ParameterRecord`); `fetch` makes the body from them.
    private func cached<Parameters: Sendable>(
        _ request: Request, _ context: MarqueeRequestContext, parse: (RequestParsing) throws -> Parameters,
        fetch: @Sendable (Parameters, LocaleOptions) async throws -> ByteBuffer
    ) async throws -> Response {
        var parsing = try RequestParsing(request: request, context: context)
        let record = ParameterRecord()
        parsing.record = record
        let parameters = try parse(parsing)
        let locale = try parsing.locale(defaults: defaults)
        let route = context.endpointPath ?? request.uri.path
        let key = try record.key(template: route, sent: parsing.queryString)
        let body = try await cache.body(for: key, route: route, cacheControl: cacheControl) {
            try await fetch(parameters, locale)
        }
        return JSONResponse.make(body, cacheControl: cacheControl)
    }
}

extension RequestParsing {
    /// `kind=`, one of `allowed`, `movie` when absent.
    func kind(allowed: [MediaKind]) throws -> MediaKind {
        let kind = try MediaKind(parameter: query("kind") ?? "movie", allowed: allowed)
        record?.parsed("kind", kind == .movie ? nil : kind.rawValue)
        return kind
    }
}
