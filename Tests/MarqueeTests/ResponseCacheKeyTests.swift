import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// The response cache is keyed by what a catalog route parsed, so no stream of requests can make it keep more
/// than one entry per response: made-up parameters are refused, and spellings of one request share an entry.
@Suite("Response cache keys")
struct ResponseCacheKeyTests {
    let settings = try! TestSettings.make()

    /// The cache's size as `/metrics` reports it.
    static func cacheBytes(_ client: some TestClientProtocol) async throws -> Double {
        let metrics = try await client.get("/metrics").text
        let line = metrics.split(separator: "\n").first { $0.hasPrefix("marquee_response_cache_size_bytes ") }
        return try #require(line.flatMap { Double($0.split(separator: " ")[1]) })
    }

    static let catalogPaths = [
        "/api/v1/movies/popular", "/api/v1/tv/trending?window=week", "/api/v1/people/popular", "/api/v1/movies/603",
        "/api/v1/tv/1399", "/api/v1/people/287", "/api/v1/search?q=matrix", "/api/v1/genres?kind=tv",
        "/api/v1/discover?genre=18", "/api/v1/home",
    ]

    @Test("Catalog routes refuse parameters they do not take, and the refusals leave the cache as it was")
    func unknownParameters() async throws {
        try await withMarquee(settings) { client in
            for path in Self.catalogPaths { #expect(try await client.get(path).status == .ok, "\(path)") }
            let before = try await Self.cacheBytes(client)
            let padding = String(repeating: "A", count: 4_000)
            for index in 0..<50 {
                for path in Self.catalogPaths {
                    let separator = path.contains("?") ? "&" : "?"
                    let answer = try await client.get("\(path)\(separator)pad\(index)=\(padding)")
                    #expect(answer.status == .badRequest)
                    #expect(try answer.errorCode() == "request.unknown_parameter")
                }
            }
            #expect(try await Self.cacheBytes(client) == before)
        }
    }

    @Test("Spellings of one request (defaults given or left out, zeros in front, any order) share one entry")
    func spellings() async throws {
        try await withMarquee(settings) { client in
            let first = try await client.get("/api/v1/tv/popular")
            let size = try await Self.cacheBytes(client)
            for spelling in [
                "/api/v1/tv/popular?page=1", "/api/v1/tv/popular?page=01", "/api/v1/tv/popular?language=en-US",
                "/api/v1/tv/popular?region=us&page=1", "/api/v1/tv/popular?language=en-us&region=US&page=0001",
            ] {
                let answer = try await client.get(spelling)
                #expect(answer.status == .ok && answer.body == first.body, "\(spelling)")
            }
            #expect(try await Self.cacheBytes(client) == size)
            _ = try await client.get("/api/v1/tv/popular?page=2")
            #expect(try await Self.cacheBytes(client) > size)
        }
    }
}
