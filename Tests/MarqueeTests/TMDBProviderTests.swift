import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeCatalog
import MarqueeCore
import MarqueeServer
import MarqueeUpstream
import MarqueeWire
import NIOCore
import Testing

/// The live TMDB source against a local fake TMDB on loopback: decoding of every endpoint used, caching,
/// coalescing, retries, stale serving and secrecy of the key.
@Suite("TMDB source")
struct TMDBProviderTests {
    /// Marquee on the fake TMDB at `baseURL`, retrying fast. These tests call as anonymous clients far faster than a
    /// person would: `anonymousShare` checks that limit on its own.
    static func settings(baseURL: String, dataDir: String = TestSettings.makeDataDirectory()) throws -> ServerSettings {
        var settings = try TestSettings.make([
            "tmdb.apiKey": FakeTMDB.apiKey, "tmdb.baseURL": baseURL, "dataDir": dataDir,
            "tmdb.imageBaseURL": "https://images.test/t/p/",
        ])
        settings.tuning.upstreamPolicy.retryBaseDelay = .milliseconds(2)
        // Upstream calls are counted: a loaded machine must not turn a slow answer into a second call.
        settings.tuning.upstreamPolicy.timeout = .seconds(60)
        settings.tuning.upstreamPolicy.anonymousShare = 1
        settings.tuning.upstreamPolicy.anonymousPerAddressPerSecond = 1_000
        return settings
    }

    /// Runs Marquee on TMDB (the fake, with fast retries) for `body`.
    static func serve(_ fake: FakeTMDB, _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await fake.run { baseURL in
            try await withMarquee(try settings(baseURL: baseURL), dependencies: dependencies()) { client in
                try await body(client)
            }
        }
    }

    /// The production dependencies, on `clock` when given.
    static func dependencies(clock: TestClock? = nil) -> AppDependencies {
        var dependencies = AppDependencies()
        if let clock { dependencies.now = clock.closure }
        return dependencies
    }

    @Test("Lists, search, genres and discovery decode from TMDB's shapes")
    func lists() async throws {
        let fake = FakeTMDB()
        try await Self.serve(fake) { client in
            let popular = try await client.get("/api/v1/movies/popular?page=1").decode(Page<MediaSummary>.self)
            #expect(popular.results.count == 20 && popular.totalPages == 3 && popular.totalResults == 57)
            let first = try #require(popular.results.first)
            #expect(first.mediaType == .movie && !first.title.isEmpty && first.year != nil)
            #expect(first.poster?.small.hasPrefix("https://images.test/t/p/w185/") == true)
            #expect(first.poster?.original.hasPrefix("https://images.test/t/p/original/") == true)

            let trendingTV = try await client.get("/api/v1/tv/trending?window=week").decode(Page<MediaSummary>.self)
            #expect(trendingTV.results.allSatisfy { $0.mediaType == .tv })
            #expect(trendingTV.results.contains { $0.backdrop == nil })
            let upcoming = try await client.get("/api/v1/movies/upcoming").decode(Page<MediaSummary>.self)
            #expect(upcoming.results.count == 3)
            let people = try await client.get("/api/v1/people/popular").decode(Page<MediaSummary>.self)
            #expect(people.results.allSatisfy { $0.mediaType == .person && $0.profile != nil && $0.poster == nil })
            #expect(people.results.first?.knownFor?.isEmpty == false)
            let shows = try await client.get("/api/v1/tv/on_the_air").decode(Page<MediaSummary>.self)
            #expect(shows.results.allSatisfy { $0.mediaType == .tv })

            let multi = try await client.get("/api/v1/search?q=lantern").decode(Page<MediaSummary>.self)
            #expect(Set(multi.results.map(\.mediaType)) == [.movie, .tv, .person])
            let movies = try await client.get("/api/v1/search?q=lantern&type=movie&year=2021").decode(
                Page<MediaSummary>.self)
            #expect(movies.results.allSatisfy { $0.mediaType == .movie })

            let genres = try await client.get("/api/v1/genres?kind=tv").decode(GenreList.self)
            #expect(genres.genres.contains(Genre(id: 10765, name: "Sci-Fi & Fantasy")))
            let discover = try await client.get("/api/v1/discover?kind=movie&genre=18&sort=rating").decode(
                Page<MediaSummary>.self)
            #expect(!discover.results.isEmpty)

            let home = try await client.get("/api/v1/home").decode(HomeFeed.self)
            #expect(home.hero?.backdrop != nil)
            #expect(home.rows.count == 5)
        }
    }

    @Test("Movie details: one upstream call, cast in billing order, key crew, trailers first, providers, certification")
    func movieDetails() async throws {
        let fake = FakeTMDB()
        try await Self.serve(fake) { client in
            let movie = try await client.get("/api/v1/movies/9001?language=de-DE").decode(MovieDetails.self)
            #expect(fake.callCount("/3/movie/9001") == 1)
            #expect(movie.title == "The Lantern Keeper" && movie.ratingSource == "tmdb")
            #expect(movie.cast.map(\.order) == [0, 1, 2, 3, 4])
            #expect(movie.cast.first?.name == "Mara Quillfeather")
            #expect(movie.crew.map(\.job) == ["Director", "Screenplay", "Story"])
            #expect(movie.videos.first?.type == "Trailer" && movie.videos.first?.language == "de")
            #expect(movie.videos.prefix(3).map(\.type) == ["Trailer", "Trailer", "Trailer"])
            #expect(movie.videos.first?.url == "https://www.youtube.com/watch?v=Hd2KpX9sLwe")
            #expect(movie.watchProviders?.region == "US")
            #expect(movie.watchProviders?.flatrate.isEmpty == false)
            #expect(movie.watchProviders?.link?.isEmpty == false)
            #expect(movie.certification == "PG-13")
            #expect(!movie.recommendations.isEmpty && !movie.similar.isEmpty)

            let german = try await client.get("/api/v1/movies/9001?region=DE").decode(MovieDetails.self)
            #expect(german.certification == "12")
            #expect(german.region == "DE")
            #expect(german.videos.first?.language == "en")
        }
    }

    @Test("TV and person details decode")
    func showAndPerson() async throws {
        let fake = FakeTMDB()
        try await Self.serve(fake) { client in
            let show = try await client.get("/api/v1/tv/9101").decode(TVDetails.self)
            #expect(show.title == "The Cartographers' Guild")
            #expect(show.crew.first?.job == "Creator" && show.crew.first?.name == "Nadia Ferreira-Holt")
            #expect(show.certification == "TV-14")
            #expect(show.numberOfSeasons != nil && show.episodeRuntime != nil)

            let person = try await client.get("/api/v1/people/9201").decode(PersonDetails.self)
            #expect(person.name == "Mara Quillfeather")
            #expect(person.profile != nil)
            let titles = person.combinedCredits.cast.map(\.item.title)
            #expect(
                titles == [
                    "The Lantern Keeper: Embers", "The Lantern Keeper", "The Quiet Orchard", "The Cartographers' Guild",
                ])
            #expect(person.combinedCredits.cast.contains { $0.item.mediaType == .tv })
            #expect(!person.combinedCredits.crew.isEmpty)

            let missing = try await client.get("/api/v1/movies/424242")
            #expect(missing.status == .notFound)
            #expect(try missing.errorCode() == "catalog.not_found")
        }
    }

    @Test("A cached response makes no second upstream call, even after a restart")
    func cacheHit() async throws {
        let fake = FakeTMDB()
        let dataDir = TestSettings.makeDataDirectory()
        try await fake.run { baseURL in
            let settings = try Self.settings(baseURL: baseURL, dataDir: dataDir)
            try await withMarquee(settings, dependencies: Self.dependencies()) { client in
                let response1 = try await client.get("/api/v1/movies/9001")
                #expect(response1.status == .ok)
            }
            try await withMarquee(settings, dependencies: Self.dependencies()) { client in
                let response2 = try await client.get("/api/v1/movies/9001")
                #expect(response2.status == .ok)
                let response3 = try await client.get("/api/v1/movies/9001?language=en-US")
                #expect(response3.status == .ok)
            }
            #expect(fake.callCount("/3/movie/9001") == 1)
            #expect(fake.callCount("/3/configuration") == 1)
        }
    }

    @Test("100 concurrent identical cold requests make one upstream call")
    func coalescing() async throws {
        let fake = FakeTMDB(delay: .milliseconds(300))
        try await Self.serve(fake) { client in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<100 { group.addTask { try await client.get("/api/v1/movies/9001").status } }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.count == 100 && statuses.allSatisfy { $0 == .ok })
            #expect(fake.callCount("/3/movie/9001") == 1)
        }
    }

    @Test("429 then success is retried")
    func retriesRateLimit() async throws {
        let fake = FakeTMDB()
        try await Self.serve(fake) { client in
            fake.mode = .failNext(count: 2, status: 429)
            let response = try await client.get("/api/v1/movies/popular")
            #expect(response.status == .ok)
            #expect(fake.callCount("/3/movie/popular") == 3)
        }
    }

    @Test("When TMDB is down, stale responses are served")
    func servesStale() async throws {
        let fake = FakeTMDB(maxAge: 60)
        let clock = TestClock()
        let dataDir = TestSettings.makeDataDirectory()
        try await fake.run { baseURL in
            let settings = try Self.settings(baseURL: baseURL, dataDir: dataDir)
            let fresh = try await withMarquee(settings, dependencies: Self.dependencies(clock: clock)) { client in
                try await client.get("/api/v1/movies/9001").decode(MovieDetails.self)
            }
            clock.advance(by: 3_600)
            fake.mode = .down(status: 503)
            // A new process: nothing in memory, only the database cache.
            try await withMarquee(settings, dependencies: Self.dependencies(clock: clock)) { client in
                let stale = try await client.get("/api/v1/movies/9001")
                #expect(stale.status == .ok)
                #expect(try stale.decode(MovieDetails.self) == fresh)
            }
        }
    }

    @Test("Cached data older than six months is never served")
    func sixMonthLimit() async throws {
        let fake = FakeTMDB(maxAge: 60)
        let clock = TestClock()
        let dataDir = TestSettings.makeDataDirectory()
        try await fake.run { baseURL in
            let settings = try Self.settings(baseURL: baseURL, dataDir: dataDir)
            try await withMarquee(settings, dependencies: Self.dependencies(clock: clock)) { client in
                let response4 = try await client.get("/api/v1/movies/9001")
                #expect(response4.status == .ok)
            }
            clock.advance(by: 184 * 86_400)
            fake.mode = .down(status: 500)
            try await withMarquee(settings, dependencies: Self.dependencies(clock: clock)) { client in
                let response = try await client.get("/api/v1/movies/9001")
                #expect(response.status == .serviceUnavailable)
                #expect(try response.errorCode() == "catalog.upstream_unavailable")
            }
        }
    }

    @Test("TMDB down with nothing cached is 503 catalog.upstream_unavailable")
    func downAndEmpty() async throws {
        let fake = FakeTMDB()
        fake.mode = .down(status: 502)
        try await Self.serve(fake) { client in
            let response = try await client.get("/api/v1/tv/popular")
            #expect(response.status == .serviceUnavailable)
            #expect(try response.errorCode() == "catalog.upstream_unavailable")
            #expect(fake.callCount("/3/tv/popular") == 3)
        }
    }

    @Test("TMDB unreachable (nothing listening) is 503 too")
    func unreachable() async throws {
        let settings = try Self.settings(baseURL: "http://127.0.0.1:9/3")
        try await withMarquee(settings, dependencies: Self.dependencies()) { client in
            let response = try await client.get("/api/v1/movies/trending")
            #expect(response.status == .serviceUnavailable)
            #expect(try response.errorCode() == "catalog.upstream_unavailable")
        }
    }

    @Test("The API key never appears in a response or a log line")
    func keyStaysSecret() async throws {
        let fake = FakeTMDB()
        let logs = LogCapture()
        try await fake.run { baseURL in
            let bodies = try await withMarquee(
                try Self.settings(baseURL: baseURL), logger: logs.logger, dependencies: Self.dependencies()
            ) { client in
                var bodies: [String] = []
                for path in [
                    "/api/v1/movies/9001", "/api/v1/search?q=lantern", "/api/v1/home", "/api/v1/movies/424242",
                    "/readyz", "/metrics", "/api/v1/openapi.json",
                ] {
                    let response = try await client.get(path)
                    bodies.append(response.text + "\(response.headers)")
                }
                fake.mode = .down(status: 500)
                let failed = try await client.get("/api/v1/tv/popular")
                bodies.append(failed.text)
                return bodies
            }
            #expect(!logs.all.isEmpty)
            #expect(logs.all.allSatisfy { !$0.contains(FakeTMDB.apiKey) })
            #expect(bodies.allSatisfy { !$0.contains(FakeTMDB.apiKey) })
        }
    }

    @Test("A rejected key is logged (without the key) and answered 503")
    func rejectedKey() async throws {
        let fake = FakeTMDB()
        let logs = LogCapture()
        try await fake.run { baseURL in
            var settings = try Self.settings(baseURL: baseURL)
            settings.tmdb?.credential = .apiKey("wrong-key-000")
            try await withMarquee(settings, logger: logs.logger, dependencies: Self.dependencies()) { client in
                let response = try await client.get("/api/v1/movies/popular")
                #expect(response.status == .serviceUnavailable)
            }
            #expect(logs.all.contains { $0.contains("credentials") })
            #expect(logs.all.allSatisfy { !$0.contains("wrong-key-000") })
        }
    }

    @Test(
        "An anonymous client starts only its share of TMDB calls, then gets 503 with Retry-After; signed in, it goes on"
    )
    func anonymousShare() async throws {
        let fake = FakeTMDB()
        try await fake.run { baseURL in
            var settings = try Self.settings(baseURL: baseURL)
            // The default share, but five calls at once, then (in effect) no more for the length of the test.
            settings.tuning.upstreamPolicy.anonymousShare = UpstreamFetcher.Policy().anonymousShare
            settings.tuning.upstreamPolicy.anonymousPerAddressPerSecond = 0.001
            let outbox = settings.dataDirectory + "/outbox"
            try await withMarquee(settings, dependencies: AppDependencies()) { client in
                var refused = 0
                for index in 0..<12 {
                    let answer = try await client.get("/api/v1/search?q=word\(index)")
                    if answer.status == .serviceUnavailable {
                        refused += 1
                        #expect(try answer.errorCode() == "catalog.upstream_unavailable")
                        #expect(answer.headers[.retryAfter] != nil)
                    } else {
                        #expect(answer.status == .ok)
                    }
                }
                // The first search also fetched TMDB's configuration: four searches went upstream.
                #expect(refused == 8)
                #expect(fake.callCount("/3/search/multi") == 4)
                // A guest is anyone for the asking: it shares the anonymous part.
                let guest = try await Self.token(client, "/api/v1/auth/guest", "{}")
                let asGuest = try await client.send(
                    "/api/v1/search?q=guest", method: .get, headers: [.authorization: "Bearer \(guest)"])
                #expect(asGuest.status == .serviceUnavailable)
                // A member has the whole budget.
                let email = "member@example.com"
                let credentials = #"{"email":"\#(email)","password":"Member-Pass-42"}"#
                _ = try await client.send(
                    "/api/v1/auth/signup", method: .post, body: credentials, headers: [.contentType: "application/json"]
                )
                let mail = try await Mailbox(directory: outbox).message(to: email)
                _ = try await client.send(
                    "/api/v1/auth/verify", method: .post, body: #"{"token":"\#(try mail.token(path: "/verify"))"}"#,
                    headers: [.contentType: "application/json"])
                let member = try await Self.token(client, "/api/v1/auth/signin", credentials)
                let before = fake.callCount("/3/search/multi")
                for index in 0..<3 {
                    let answer = try await client.send(
                        "/api/v1/search?q=member\(index)", method: .get, headers: [.authorization: "Bearer \(member)"])
                    #expect(answer.status == .ok)
                }
                #expect(fake.callCount("/3/search/multi") == before + 3)
            }
        }
    }

    /// The access token a sign-in or a new guest answers `body` with.
    static func token(_ client: some TestClientProtocol, _ path: String, _ body: String) async throws -> String {
        let answer = try await client.send(path, method: .post, body: body, headers: [.contentType: "application/json"])
        return try #require(try answer.decode(Session.self).accessToken, "\(answer.status)")
    }
}
