import Foundation
import HTTPTypes
import HummingbirdTesting
import MarqueeCore
import MarqueeWire
import Testing

/// Decoding checked against real TMDB responses captured by other projects (../shared/contract-fixtures), served
/// by the local fake TMDB. Those files are reference material, not part of the repository, so this suite runs
/// only where they are present (development machines and CI) and never copies them.
@Suite(
    "TMDB contract fixtures", .enabled(if: ContractFixtures.root != nil, "../shared/contract-fixtures is not present"))
struct ContractFixturesTests {

    /// TMDB paths (without `/3`) and the captured response served for each.
    static let files: [String: String] = [
        "configuration": "php-tmdb-api/Resources/configuration/get.json",
        "movie/87421": "php-tmdb-api/Resources/movie/all.json",
        "tv/1396": "php-tmdb-api/Resources/tv/all.json",
        "person/33": "php-tmdb-api/Resources/person/get.json",
        "genre/movie/list": "php-tmdb-api/Resources/genre/list.json",
        "genre/tv/list": "tmdb-openapi-examples/genre__tv__list.json",
        "movie/popular": "tmdb-openapi-examples/movie__popular.json",
        "movie/top_rated": "tmdb-openapi-examples/movie__top_rated.json",
        "movie/upcoming": "tmdb-openapi-examples/movie__upcoming.json",
        "movie/now_playing": "tmdb-openapi-examples/movie__now_playing.json",
        "tv/popular": "tmdb-openapi-examples/tv__popular.json",
        "tv/top_rated": "tmdb-openapi-examples/tv__top_rated.json",
        "tv/airing_today": "tmdb-openapi-examples/tv__airing_today.json",
        "tv/on_the_air": "tmdb-openapi-examples/tv__on_the_air.json",
        "trending/movie/day": "tmdb-openapi-examples/trending__movie__time_window.json",
        "trending/tv/day": "tmdb-openapi-examples/trending__tv__time_window.json",
        "search/multi": "tmdb-openapi-examples/search__multi.json",
        "search/movie": "tmdb-openapi-examples/search__movie.json",
        "search/tv": "tmdb-openapi-examples/search__tv.json",
        "search/person": "tmdb-openapi-examples/search__person.json",
        "discover/movie": "tmdb-openapi-examples/discover__movie.json",
        "discover/tv": "tmdb-openapi-examples/discover__tv.json",
    ]

    func withContractTMDB(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let root = try #require(ContractFixtures.root)
        let fake = FakeTMDB { path in
            Self.files[path].flatMap { try? Data(contentsOf: root.appendingPathComponent($0)) }
        }
        try await TMDBProviderTests.serve(fake, body)
    }

    @Test(
        "Lists, search and discovery decode from captured responses",
        arguments: [
            "/api/v1/movies/popular", "/api/v1/movies/top_rated", "/api/v1/movies/upcoming",
            "/api/v1/movies/now_playing",
            "/api/v1/tv/popular", "/api/v1/tv/top_rated", "/api/v1/tv/airing_today", "/api/v1/tv/on_the_air",
            "/api/v1/movies/trending", "/api/v1/tv/trending", "/api/v1/search?q=a", "/api/v1/search?q=a&type=movie",
            "/api/v1/search?q=a&type=tv", "/api/v1/search?q=a&type=person", "/api/v1/discover?kind=movie",
            "/api/v1/discover?kind=tv",
        ])
    func lists(path: String) async throws {
        try await withContractTMDB { client in
            let response = try await client.get(path)
            #expect(response.status == .ok, "\(path): \(response.text.prefix(200))")
            let page = try response.decode(Page<MediaSummary>.self)
            #expect(!page.results.isEmpty)
            #expect(page.results.allSatisfy { !$0.title.isEmpty })
        }
    }

    @Test("Movie, show and person details decode from captured responses")
    func details() async throws {
        try await withContractTMDB { client in
            let movie = try await client.get("/api/v1/movies/87421")
            #expect(movie.status == .ok, "\(movie.text.prefix(300))")
            let details = try movie.decode(MovieDetails.self)
            #expect(details.title == "Riddick")
            #expect(!details.cast.isEmpty && details.crew.contains { $0.job == "Director" })
            #expect(details.poster != nil)

            let show = try await client.get("/api/v1/tv/1396")
            #expect(show.status == .ok, "\(show.text.prefix(300))")
            let tv = try show.decode(TVDetails.self)
            #expect(tv.title == "Breaking Bad")
            #expect(tv.crew.contains { $0.job == "Creator" })
            #expect(!tv.cast.isEmpty)

            let person = try await client.get("/api/v1/people/33")
            #expect(person.status == .ok, "\(person.text.prefix(300))")
            let details33 = try person.decode(PersonDetails.self)
            #expect(details33.name == "Gary Sinise")
            #expect(!details33.combinedCredits.cast.isEmpty)

            let genres = try await client.get("/api/v1/genres?kind=movie").decode(GenreList.self)
            #expect(!genres.genres.isEmpty)
        }
    }
}

/// Where the captured responses are: `../shared/contract-fixtures` beside the repository, if present.
enum ContractFixtures {
    static let root: URL? = {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let root = repository.deletingLastPathComponent().appendingPathComponent("shared/contract-fixtures")
        return FileManager.default.fileExists(atPath: root.appendingPathComponent("php-tmdb-api").path) ? root : nil
    }()
}
