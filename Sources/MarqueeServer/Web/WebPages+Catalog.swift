import Foundation
import Hummingbird
import MarqueeCatalog
import MarqueeCore
import MarqueeWeb
import MarqueeWire

extension WebPages {
    func registerCatalogPages(on router: Router<MarqueeRequestContext>) {
        router.get("/") { request, context in
            try await rendering(request, context) { visit in
                // The app opens into the experience the person chose; the others stay in the navigation.
                switch visit.experience {
                case .weather: return try await weatherHome(request, context, visit: visit)
                case .events: return try await eventsHome(request, context, visit: visit)
                case .art: return try await artHome(request, context, visit: visit)
                case .movies: break
                }
                let feed = try await home.build(locale: visit.locale)
                // The hero's trailer is in its details; without them the hero simply has no "Play trailer".
                var heroVideos: [Video]?
                if let hero = feed.hero {
                    heroVideos =
                        switch hero.mediaType {
                        case .movie: try? await provider.movie(id: hero.id, locale: visit.locale).videos
                        case .tv: try? await provider.tv(id: hero.id, locale: visit.locale).videos
                        default: nil
                        }
                }
                let page = HomePage(
                    chrome: chrome("Home", .home, visit), feed: feed, heroVideos: heroVideos ?? [],
                    gated: visit.viewer == .guest)
                return try responses.page(page)
            }
        }
        router.get("movies") { request, context in
            try await listPage(request, context, kind: .movie)
        }
        router.get("tv") { request, context in
            try await listPage(request, context, kind: .tv)
        }
        router.get("genres") { request, context in
            try await rendering(request, context) { visit in
                let parse = try RequestParsing(request: request, context: context)
                let kind = try MediaKind(parameter: parse.query("kind") ?? "movie", allowed: [.movie, .tv])
                let genres = try await provider.genres(kind: kind, locale: visit.locale)
                guard let genreID = try parse.optionalInt("genre", range: 1...Int(Int32.max)) else {
                    return try responses.page(
                        GenresPage(chrome: chrome("Genres", .genres, visit), kind: kind, genres: genres))
                }
                guard let genre = genres.first(where: { $0.id == genreID }) else {
                    throw DomainError(
                        .catalogNotFound, "There is no \(kind == .movie ? "movie" : "TV") genre \(genreID).")
                }
                let sort = try parse.choice("sort", default: DiscoverQuery.Sort.popularity)
                let results = try await provider.discover(
                    DiscoverQuery(kind: kind, genre: genreID, sort: sort, page: try parse.page()), locale: visit.locale)
                let base = "/genres?kind=\(kind.rawValue)&genre=\(genreID)"
                let sorts: [(DiscoverQuery.Sort, String)] = [
                    (.popularity, "Most popular"), (.rating, "Best rated"), (.date, "Newest"),
                ]
                let page = GridPage(
                    chrome: chrome(genre.name, .genres, visit),
                    heading: "\(genre.name) · \(kind == .movie ? "Movies" : "TV")",
                    tabs: [.init(href: "/genres?kind=\(kind.rawValue)", label: "All genres", current: false)],
                    sorts: sorts.map {
                        .init(href: "\(base)&sort=\($0.0.rawValue)", label: $0.1, current: $0.0 == sort)
                    },
                    results: results,
                    api: visit.api("/api/v1/discover?kind=\(kind.rawValue)&genre=\(genreID)&sort=\(sort.rawValue)"),
                    pageURL: { "\(base)&sort=\(sort.rawValue)&page=\($0)" })
                return try responses.page(page)
            }
        }
        router.get("search") { request, context in
            try await rendering(request, context) { visit in
                let parse = try RequestParsing(request: request, context: context)
                let text = (parse.query("q") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                let scope = (try? parse.choice("type", default: SearchQuery.Scope.multi)) ?? .multi
                let yearText = parse.query("year") ?? ""
                var year: Int?
                var results: Page<MediaSummary>?
                var problem: String?
                if !text.isEmpty {
                    do {
                        year = yearText.isEmpty ? nil : try parse.optionalInt("year", range: 1870...2100)
                        let query = try SearchQuery(text: text, scope: scope, year: year, page: try parse.page())
                        results = try await provider.search(query, locale: visit.locale)
                    } catch let error as DomainError where error.code.httpStatus == 400 {
                        problem = error.message
                    }
                }
                let suggestions =
                    text.isEmpty
                    ? ((try? await provider.list(.movies(.trending), window: .day, page: 1, locale: visit.locale))?
                        .results.prefix(8).map { $0 } ?? [])
                    : []
                let page = SearchPage(
                    chrome: chrome(
                        text.isEmpty ? "Search" : "\(text) · Search", .search, visit, scripts: ["search.js"]),
                    query: text, scope: scope, year: year, results: results, suggestions: suggestions,
                    gated: visit.viewer == .guest, problem: problem, localeQuery: visit.localeQuery)
                return try responses.page(page)
            }
        }
        router.get("movie/{id}") { request, context in
            try await rendering(request, context) { visit in
                let movie = try await provider.movie(
                    id: try RequestParsing(request: request, context: context).id(), locale: visit.locale)
                return try responses.page(TitlePage(chrome: chrome(movie.title, .movies, visit), movie: movie))
            }
        }
        router.get("tv/{id}") { request, context in
            try await rendering(request, context) { visit in
                let show = try await provider.tv(
                    id: try RequestParsing(request: request, context: context).id(), locale: visit.locale)
                return try responses.page(TitlePage(chrome: chrome(show.title, .tv, visit), show: show))
            }
        }
        router.get("person/{id}") { request, context in
            try await rendering(request, context) { visit in
                let person = try await provider.person(
                    id: try RequestParsing(request: request, context: context).id(), locale: visit.locale)
                return try responses.page(PersonPage(chrome: chrome(person.name, .other, visit), person: person))
            }
        }
    }

    /// `/movies` and `/tv`: one named list at a time, with tabs to switch.
    private func listPage(_ request: Request, _ context: MarqueeRequestContext, kind: MediaKind) async throws
        -> Response
    {
        try await rendering(request, context) { visit in
            let parse = try RequestParsing(request: request, context: context)
            let tabs: [(String, String)] =
                kind == .movie
                ? [
                    ("popular", "Popular"), ("now_playing", "Now playing"), ("upcoming", "Upcoming"),
                    ("top_rated", "Top rated"), ("trending", "Trending"),
                ]
                : [
                    ("airing_today", "Airing today"), ("on_the_air", "On the air"), ("popular", "Popular"),
                    ("top_rated", "Top rated"), ("trending", "Trending"),
                ]
            let name = parse.query("list") ?? (kind == .movie ? "popular" : "airing_today")
            let list: CatalogList
            if kind == .movie, let movies = CatalogList.MovieList(rawValue: name) {
                list = .movies(movies)
            } else if kind == .tv, let shows = CatalogList.TVList(rawValue: name) {
                list = .tv(shows)
            } else {
                throw DomainError(.invalidParameter, "list must be one of: \(tabs.map(\.0).joined(separator: ", ")).")
            }
            let results = try await provider.list(list, window: .day, page: try parse.page(), locale: visit.locale)
            let label = tabs.first { $0.0 == name }?.1 ?? name
            let section = kind == .movie ? "movies" : "tv"
            let page = GridPage(
                chrome: chrome("\(label) \(kind == .movie ? "movies" : "TV")", kind == .movie ? .movies : .tv, visit),
                heading: kind == .movie ? "Movies" : "TV",
                tabs: tabs.map { .init(href: "/\(section)?list=\($0.0)", label: $0.1, current: $0.0 == name) },
                results: results, api: visit.api("/api/v1/\(section)/\(name)"),
                pageURL: { "/\(section)?list=\(name)&page=\($0)" })
            return try responses.page(page)
        }
    }
}
