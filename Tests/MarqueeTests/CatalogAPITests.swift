import Foundation
import HTTPTypes
import MarqueeCore
import MarqueeWire
import Testing

/// The catalog API over the embedded catalog: every endpoint, paging edges and every 400/404.
@Suite("Catalog API (embedded catalog)")
struct CatalogAPITests {
    let settings = try! TestSettings.make()

    @Test(
        "Every list route pages like TMDB",
        arguments: [
            "/api/v1/movies/trending", "/api/v1/movies/popular", "/api/v1/movies/top_rated", "/api/v1/movies/upcoming",
            "/api/v1/movies/now_playing", "/api/v1/tv/trending", "/api/v1/tv/popular", "/api/v1/tv/top_rated",
            "/api/v1/tv/airing_today", "/api/v1/tv/on_the_air", "/api/v1/people/popular",
        ])
    func listsArePaged(path: String) async throws {
        try await withMarquee(settings) { client in
            let first = try await client.get(path)
            #expect(first.status == .ok)
            let page = try first.decode(Page<MediaSummary>.self)
            #expect(page.page == 1)
            #expect(!page.results.isEmpty)
            #expect(page.results.count <= 20)
            #expect(page.totalPages == max(1, (page.totalResults + 19) / 20))
            let expectedKind: MediaKind = path.contains("/movies/") ? .movie : path.contains("/tv/") ? .tv : .person
            #expect(page.results.allSatisfy { $0.mediaType == expectedKind })

            let beyond = try await client.get("\(path)?page=\(page.totalPages + 1)").decode(Page<MediaSummary>.self)
            #expect(beyond.results.isEmpty)
            #expect(beyond.totalResults == page.totalResults)
        }
    }

    @Test("A list's pages don't overlap and cover every result")
    func pagesCoverTheList() async throws {
        try await withMarquee(settings) { client in
            let first = try await client.get("/api/v1/movies/popular").decode(Page<MediaSummary>.self)
            var seen = Set<Int>()
            for number in 1...first.totalPages {
                let page = try await client.get("/api/v1/movies/popular?page=\(number)").decode(Page<MediaSummary>.self)
                for item in page.results { #expect(seen.insert(item.id).inserted) }
            }
            #expect(seen.count == first.totalResults)
        }
    }

    @Test("Bad page values are 400 request.bad_page", arguments: ["0", "-1", "501", "abc", "1.5", ""])
    func badPages(value: String) async throws {
        try await withMarquee(settings) { client in
            let response = try await client.get("/api/v1/movies/popular?page=\(value)")
            #expect(response.status == .badRequest)
            #expect(try response.errorCode() == "request.bad_page")
        }
    }

    @Test("Trending takes window=day|week")
    func trendingWindow() async throws {
        try await withMarquee(settings) { client in
            #expect(try await client.get("/api/v1/movies/trending?window=week").status == .ok)
            #expect(try await client.get("/api/v1/tv/trending?window=day").status == .ok)
            let bad = try await client.get("/api/v1/movies/trending?window=month")
            #expect(bad.status == .badRequest)
            #expect(try bad.errorCode() == "request.invalid_parameter")
        }
    }

    @Test("Unknown lists are 400 catalog.unknown_list")
    func unknownList() async throws {
        try await withMarquee(settings) { client in
            for path in ["/api/v1/movies/latest", "/api/v1/tv/upcoming", "/api/v1/people/trending"] {
                let response = try await client.get(path)
                #expect(response.status == .badRequest)
                #expect(try response.errorCode() == "catalog.unknown_list")
            }
        }
    }

    @Test("Movie, show and person details give a detail page everything it needs")
    func details() async throws {
        try await withMarquee(settings) { client in
            let movies = try await client.get("/api/v1/movies/top_rated").decode(Page<MediaSummary>.self)
            let movieID = try #require(movies.results.first?.id)
            let movie = try await client.get("/api/v1/movies/\(movieID)").decode(MovieDetails.self)
            #expect(movie.mediaType == .movie)
            #expect(movie.id == movieID)
            #expect(!movie.genres.isEmpty)
            #expect(!movie.cast.isEmpty)
            #expect(movie.crew.contains { $0.job == "Director" })
            #expect(movie.poster != nil && movie.backdrop != nil)
            #expect(movie.ratingSource == "editors")
            #expect(movie.videos.isEmpty && movie.watchProviders == nil)
            #expect(!movie.recommendations.isEmpty || !movie.similar.isEmpty)
            #expect(movie.cast.map(\.order) == Array(0..<movie.cast.count))

            let shows = try await client.get("/api/v1/tv/popular").decode(Page<MediaSummary>.self)
            let showID = try #require(shows.results.first?.id)
            let show = try await client.get("/api/v1/tv/\(showID)").decode(TVDetails.self)
            #expect(show.mediaType == .tv)
            #expect(!show.cast.isEmpty)

            let personID = movie.cast[0].id
            let person = try await client.get("/api/v1/people/\(personID)").decode(PersonDetails.self)
            #expect(person.name == movie.cast[0].name)
            #expect(person.combinedCredits.cast.contains { $0.item.id == movieID && $0.item.mediaType == .movie })
            let dates = person.combinedCredits.cast.compactMap { $0.item.date ?? $0.item.year.map(String.init) }
            #expect(dates == dates.sorted(by: >))
        }
    }

    @Test("Media type is part of identity: a movie id is not a TV id")
    func mediaTypeIdentity() async throws {
        try await withMarquee(settings) { client in
            let movies = try await client.get("/api/v1/movies/popular").decode(Page<MediaSummary>.self)
            let shows = try await client.get("/api/v1/tv/popular?page=1").decode(Page<MediaSummary>.self)
            let showIDs = Set(shows.results.map(\.id))
            let movieOnly = try #require(movies.results.first { !showIDs.contains($0.id) })
            let response = try await client.get("/api/v1/tv/\(movieOnly.id)")
            #expect(response.status == .notFound)
            #expect(try response.errorCode() == "catalog.not_found")
        }
    }

    @Test("Bad ids are 400 catalog.bad_id; unknown ids 404 catalog.not_found")
    func badAndUnknownIDs() async throws {
        try await withMarquee(settings) { client in
            for path in [
                "/api/v1/movies/12abc", "/api/v1/tv/-4", "/api/v1/people/0", "/api/v1/movies/99999999999999999999",
            ] {
                let response = try await client.get(path)
                #expect(response.status == .badRequest, "\(path)")
                #expect(try response.errorCode() == "catalog.bad_id")
            }
            for path in ["/api/v1/movies/999999999", "/api/v1/tv/999999999", "/api/v1/people/999999999"] {
                let response = try await client.get(path)
                #expect(response.status == .notFound, "\(path)")
                #expect(try response.errorCode() == "catalog.not_found")
            }
        }
    }

    @Test("Search puts the exact title first and filters by type and year")
    func searchRanking() async throws {
        try await withMarquee(settings) { client in
            let movies = try await client.get("/api/v1/movies/popular?page=2").decode(Page<MediaSummary>.self)
            for target in movies.results.prefix(5) {
                let query = target.title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                let page = try await client.get("/api/v1/search?q=\(query)&type=movie").decode(Page<MediaSummary>.self)
                #expect(page.results.first?.title == target.title, "searching \(target.title)")
                let year = try #require(target.year)
                let byYear = try await client.get("/api/v1/search?q=\(query)&type=movie&year=\(year)").decode(
                    Page<MediaSummary>.self)
                #expect(byYear.results.allSatisfy { $0.year == year })
                #expect(byYear.results.contains { $0.id == target.id })
            }
            let lower = movies.results[0].title.lowercased().addingPercentEncoding(
                withAllowedCharacters: .alphanumerics)!
            let padded = try await client.get("/api/v1/search?q=%20%20\(lower)%20").decode(Page<MediaSummary>.self)
            #expect(padded.results.first?.id == movies.results[0].id)
        }
    }

    @Test("Multi search finds people too; prefixes match while typing")
    func multiSearch() async throws {
        try await withMarquee(settings) { client in
            let people = try await client.get("/api/v1/people/popular").decode(Page<MediaSummary>.self)
            let person = try #require(people.results.first)
            let prefix = String(person.title.prefix(person.title.count - 1))
            let query = prefix.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let page = try await client.get("/api/v1/search?q=\(query)").decode(Page<MediaSummary>.self)
            #expect(page.results.contains { $0.mediaType == .person && $0.id == person.id })
            let onlyPeople = try await client.get("/api/v1/search?q=\(query)&type=person").decode(
                Page<MediaSummary>.self)
            #expect(onlyPeople.results.allSatisfy { $0.mediaType == .person })
            let nothing = try await client.get("/api/v1/search?q=zzqxv").decode(Page<MediaSummary>.self)
            #expect(nothing.results.isEmpty && nothing.totalResults == 0 && nothing.totalPages == 1)
        }
    }

    @Test(
        "Bad searches are 400 with a code",
        arguments: [
            ("/api/v1/search", "catalog.bad_query"),
            ("/api/v1/search?q=%20%20%20", "catalog.bad_query"),
            ("/api/v1/search?q=" + String(repeating: "a", count: 201), "catalog.bad_query"),
            ("/api/v1/search?q=alien&type=song", "request.invalid_parameter"),
            ("/api/v1/search?q=alien&year=abc", "request.invalid_parameter"),
            ("/api/v1/search?q=alien&year=1700", "request.invalid_parameter"),
            ("/api/v1/search?q=alien&type=person&year=1990", "request.invalid_parameter"),
            ("/api/v1/search?q=alien&page=0", "request.bad_page"),
        ])
    func badSearches(path: String, code: String) async throws {
        try await withMarquee(settings) { client in
            let response = try await client.get(path)
            #expect(response.status == .badRequest)
            #expect(try response.errorCode() == code)
        }
    }

    @Test("Search accepts exactly 200 characters and any script")
    func searchLimits() async throws {
        try await withMarquee(settings) { client in
            let longest = try await client.get("/api/v1/search?q=" + String(repeating: "b", count: 200))
            #expect(longest.status == .ok)
            let japanese = try await client.get("/api/v1/search?q=%E5%8D%83%E3%81%A8")
            #expect(japanese.status == .ok)
        }
    }

    @Test("Bad UTF-8 and odd bytes in paths and queries are clear errors or empty results, never 500")
    func badBytes() async throws {
        try await withMarquee(settings) { client in
            for path in [
                "/api/v1/search?q=%FF%FE", "/api/v1/search?q=%C3%28", "/api/v1/search?q=%00", "/api/v1/search?q=%",
                "/api/v1/movies/%FF", "/api/v1/movies/popular?page=%FF", "/api/v1/genres?kind=%E2%82",
                "/api/v1/search?q=!!!", "/api/v1/discover?genre=18&genre=%FF",
            ] {
                let response = try await client.get(path)
                #expect(response.status.code < 500, "\(path) answered \(response.status)")
                if response.status != .ok { _ = try response.errorCode() }
            }
        }
    }

    @Test("Genres and discovery")
    func genresAndDiscover() async throws {
        try await withMarquee(settings) { client in
            let movieGenres = try await client.get("/api/v1/genres?kind=movie").decode(GenreList.self)
            #expect(movieGenres.genres.contains(Genre(id: 18, name: "Drama")))
            let tvGenres = try await client.get("/api/v1/genres?kind=tv").decode(GenreList.self)
            #expect(tvGenres.mediaType == .tv && tvGenres.genres.contains { $0.id == 10765 })

            let dramas = try await client.get("/api/v1/discover?kind=movie&genre=18&sort=rating").decode(
                Page<MediaSummary>.self)
            #expect(!dramas.results.isEmpty)
            #expect(dramas.results.allSatisfy { $0.genreIds.contains(18) })
            let scores = dramas.results.compactMap(\.voteAverage)
            #expect(scores == scores.sorted(by: >))
            let newest = try await client.get("/api/v1/discover?kind=tv&sort=date").decode(Page<MediaSummary>.self)
            #expect(newest.results.allSatisfy { $0.mediaType == .tv })

            for (path, code) in [
                ("/api/v1/genres?kind=person", "catalog.unknown_kind"),
                ("/api/v1/genres?kind=books", "catalog.unknown_kind"),
                ("/api/v1/discover?kind=movie&genre=10765", "request.invalid_parameter"),
                ("/api/v1/discover?genre=drama", "request.invalid_parameter"),
                ("/api/v1/discover?sort=alphabetical", "request.invalid_parameter"),
                ("/api/v1/discover?page=501", "request.bad_page"),
            ] {
                let response = try await client.get(path)
                #expect(response.status == .badRequest, "\(path)")
                #expect(try response.errorCode() == code, "\(path)")
            }
        }
    }

    @Test("Home is one call: a hero with a backdrop and the standard rows")
    func home() async throws {
        try await withMarquee(settings) { client in
            let home = try await client.get("/api/v1/home").decode(HomeFeed.self)
            let hero = try #require(home.hero)
            #expect(hero.backdrop != nil)
            #expect(
                home.rows.map(\.id) == [
                    "trending_movies", "trending_tv", "popular_movies", "upcoming_movies", "top_rated_movies",
                ])
            #expect(home.rows.allSatisfy { !$0.results.isEmpty })
            let seeAll = try await client.get(home.rows[2].seeAll)
            #expect(try seeAll.decode(Page<MediaSummary>.self).results == home.rows[2].results)
        }
    }

    @Test("language and region are validated")
    func localeParameters() async throws {
        try await withMarquee(settings) { client in
            #expect(try await client.get("/api/v1/movies/popular?language=fr-FR&region=fr").status == .ok)
            for query in ["language=french", "language=en-USA", "region=USA", "region=1"] {
                let response = try await client.get("/api/v1/movies/popular?\(query)")
                #expect(response.status == .badRequest)
                #expect(try response.errorCode() == "request.invalid_parameter")
            }
        }
    }

    @Test("Placeholder artwork is generated SVG")
    func placeholders() async throws {
        try await withMarquee(settings) { client in
            let movies = try await client.get("/api/v1/movies/popular").decode(Page<MediaSummary>.self)
            let poster = try #require(movies.results.first?.poster)
            let path = String(poster.medium.dropFirst("http://marquee.test".count))
            let image = try await client.get(path)
            #expect(image.status == .ok)
            #expect(image.headers[.contentType] == "image/svg+xml")
            #expect(image.text.hasPrefix("<svg"))
            #expect(try await client.get("/images/placeholder/movie/999999999/poster").status == .notFound)
            let badVariant = try await client.get("/images/placeholder/movie/1/banner")
            #expect(badVariant.status == .badRequest)
            #expect(try badVariant.errorCode() == "request.invalid_parameter")
        }
    }

    @Test("Unknown routes and methods get the error body too")
    func unknownRoutes() async throws {
        try await withMarquee(settings) { client in
            let missing = try await client.get("/api/v1/nothing-here")
            #expect(missing.status == .notFound)
            #expect(try missing.errorCode() == "request.not_found")
            let post = try await client.send("/api/v1/movies/popular", method: .post, body: "{}")
            #expect(post.status.code >= 400 && post.status.code < 500)
            _ = try post.errorCode()
        }
    }
}
