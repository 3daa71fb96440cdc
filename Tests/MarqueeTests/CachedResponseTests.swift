import Foundation
import HTTPTypes
import MarqueeCore
import MarqueeServer
import MarqueeWire
import NIOCore
import Testing

/// The fast path that answers cached catalog reads on the connection (real HTTP over loopback).
@Suite("Cached responses over real HTTP")
struct CachedResponseTests {
    @Test("A repeated read is answered from the cache with the same body and headers, its own request id, and metrics")
    func repeatedRead() async throws {
        let logs = LogCapture()
        let ids = try await withLiveMarquee(try TestSettings.make(), logger: logs.logger) { client in
            let first = try await client.get("/api/v1/movies/popular?page=2")
            let second = try await client.get("/api/v1/movies/popular?page=2")
            #expect(first.status == .ok && second.status == .ok)
            #expect(first.body == second.body)
            for name in ["Content-Type", "Cache-Control", "Server"] {
                let field = HTTPField.Name(name)!
                #expect(first.headers[field] == second.headers[field], "\(name)")
            }
            #expect(second.headers[.contentLength] == String(second.body.readableBytes))
            #expect(second.headers[.date] != nil)
            #expect(second.headers[HTTPField.Name("Server-Timing")!]?.hasPrefix("app;dur=") == true)
            let ids = [first, second].compactMap { $0.headers[HTTPField.Name("X-Request-Id")!] }
            try #require(ids.count == 2)
            #expect(ids[0] != ids[1])

            let metrics = try await client.get("/metrics").text
            let line = metrics.split(separator: "\n").first {
                $0.hasPrefix("marquee_http_requests_total{") && $0.contains(#"route="/api/v1/movies/popular""#)
            }
            #expect(line?.hasSuffix(" 2") == true, "\(line ?? "no line")")
            return ids
        }
        // Both reads are in the access log under their own ids; the second says it came from the cache.
        let routed = logs.all.filter { $0.contains(ids[0]) && $0.contains("/api/v1/movies/popular") }
        let cached = logs.all.filter { $0.contains(ids[1]) && $0.contains("/api/v1/movies/popular") }
        #expect(routed.count == 1 && cached.count == 1)
        #expect(cached.first?.contains("cached") == true)
    }

    @Test("With port 0 and no public URL, absolute URLs carry the port actually bound")
    func boundPortInURLs() async throws {
        let settings = try ServerSettings(
            reading: TestSettings.reader(["port": "0", "dataDir": TestSettings.makeDataDirectory()]))
        try await withLiveMarquee(settings) { client in
            let page = try await client.get("/api/v1/movies/popular").decode(Page<MediaSummary>.self)
            let poster = try #require(page.results.first?.poster?.small)
            #expect(poster.hasPrefix("http://127.0.0.1:"))
            #expect(!poster.hasPrefix("http://127.0.0.1:0/"))
            let path = String(poster.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
            #expect(try await client.get(path).status == .ok)
        }
    }

    @Test("Errors, other methods and uncached paths still go through the application")
    func fallThrough() async throws {
        try await withLiveMarquee(try TestSettings.make()) { client in
            for _ in 0..<2 {
                let bad = try await client.get("/api/v1/movies/popular?page=0")
                #expect(bad.status == .badRequest)
                #expect(try bad.errorCode() == "request.bad_page")
            }
            _ = try await client.get("/api/v1/movies/popular")
            let post = try await client.send("/api/v1/movies/popular", method: .post, body: "{}")
            #expect(post.status.code >= 400)
            let head = try await client.send("/api/v1/movies/popular", method: .head)
            #expect(head.status != .ok || head.body.readableBytes == 0)
            let again = try await client.get("/api/v1/movies/popular")
            #expect(again.status == .ok)
            #expect(try again.decode(Page<MediaSummary>.self).results.count == 20)
        }
    }

    @Test("Many reads in a row on one connection keep their order")
    func ordering() async throws {
        try await withLiveMarquee(try TestSettings.make()) { client in
            for page in 1...3 { _ = try await client.get("/api/v1/tv/popular?page=\(page)") }
            for round in 0..<3 {
                for page in 1...3 {
                    let response = try await client.get("/api/v1/tv/popular?page=\(page)")
                    #expect(try response.decode(Page<MediaSummary>.self).page == page, "round \(round)")
                }
                let invalid = try await client.get("/api/v1/tv/popular?page=0")
                #expect(invalid.status == .badRequest)
            }
        }
    }
}
