import Hummingbird
import MarqueeCatalog
import MarqueeCore
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
            try await cached(request, context) { parse, locale in
                try JSONResponse.body(try await provider.movie(id: try parse.id(orListOf: CatalogList.MovieList.allCases.map(\.rawValue)), locale: locale))
            }
        }
        api.get("tv/{id}") { request, context in
            try await cached(request, context) { parse, locale in
                try JSONResponse.body(try await provider.tv(id: try parse.id(orListOf: CatalogList.TVList.allCases.map(\.rawValue)), locale: locale))
            }
        }
        api.get("people/{id}") { request, context in
            try await cached(request, context) { parse, locale in
                try JSONResponse.body(try await provider.person(id: try parse.id(orListOf: ["popular"]), locale: locale))
            }
        }
        api.get("search") { request, context in
            try await cached(request, context) { parse, locale in
                let query = try SearchQuery(
                    text: try parse.text("q") ?? "", scope: try parse.choice("type", default: SearchQuery.Scope.multi),
                    year: try parse.optionalInt("year", range: 1870...2100), page: try parse.page())
                return try JSONResponse.body(try await provider.search(query, locale: locale))
            }
        }
        api.get("genres") { request, context in
            try await cached(request, context) { parse, locale in
                let kind = try MediaKind(parameter: parse.query("kind") ?? "movie", allowed: [.movie, .tv])
                let genres = try await provider.genres(kind: kind, locale: locale)
                return try JSONResponse.body(GenreList(mediaType: kind, genres: genres))
            }
        }
        api.get("discover") { request, context in
            try await cached(request, context) { parse, locale in
                let kind = try MediaKind(parameter: parse.query("kind") ?? "movie", allowed: [.movie, .tv])
                let genre = try parse.optionalInt("genre", range: 1...Int(Int32.max))
                if let genre, !GenreTable.genres(for: kind).contains(where: { $0.id == genre }) {
                    throw DomainError(.invalidParameter, "There is no \(kind.rawValue) genre with id \(genre); see /api/v1/genres?kind=\(kind.rawValue).")
                }
                let query = DiscoverQuery(
                    kind: kind, genre: genre, sort: try parse.choice("sort", default: DiscoverQuery.Sort.popularity),
                    page: try parse.page())
                return try JSONResponse.body(try await provider.discover(query, locale: locale))
            }
        }
        api.get("home") { request, context in
            // Not cached: the hero is picked at random on every call.
            let locale = try RequestParsing(request: request, context: context).locale(defaults: defaults)
            return try JSONResponse.make(try await home.build(locale: locale))
        }
    }

    private func listResponse(_ list: CatalogList, _ request: Request, _ context: MarqueeRequestContext) async throws
        -> Response
    {
        try await cached(request, context) { parse, locale in
            let window = try TrendingWindow(parameter: list.isTrending ? parse.query("window") : nil)
            return try JSONResponse.body(
                try await provider.list(list, window: window, page: try parse.page(), locale: locale))
        }
    }

    /// Answers from the response cache (keyed by path and query), computing and caching on a miss.
    private func cached(
        _ request: Request, _ context: MarqueeRequestContext,
        _ make: (RequestParsing, LocaleOptions) async throws -> ByteBuffer
    ) async throws -> Response {
        let parse = RequestParsing(request: request, context: context)
        let route = context.endpointPath ?? request.uri.path
        let body = try await cache.body(for: request.uri.description, route: route, cacheControl: cacheControl) {
            try await make(parse, try parse.locale(defaults: defaults))
        }
        return JSONResponse.make(body, cacheControl: cacheControl)
    }
}
