import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MarqueeCore
import MarqueeStore
import MarqueeStoreSQL
import Testing

@testable import MarqueeServer

@Suite("Operations: health, readiness, metrics, OpenAPI")
struct OperationsTests {
    @Test("healthz and readyz report storage and catalog")
    func health() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            let health = try await client.get("/healthz")
            #expect(health.status == .ok)
            #expect(health.text.contains(#""status":"ok""#))
            let ready = try await client.get("/readyz")
            #expect(ready.status == .ok)
            #expect(ready.text.contains(#""storage":"ok""#))
            #expect(ready.text.contains("local: "))
        }
    }

    @Test("Each request is logged once with its request id, route and status")
    func accessLog() async throws {
        let logs = LogCapture()
        let requestID = try await withMarquee(try TestSettings.make(), logger: logs.logger) { client in
            let response = try await client.get("/api/v1/movies/999999999")
            return try #require(response.headers[.init("X-Request-Id")!])
        }
        let lines = logs.all.filter { $0.contains(requestID) && $0.contains("Request") }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("/api/v1/movies/{id}") == true)
        #expect(lines.first?.contains("404") == true)
    }

    @Test("HEAD answers as GET would, without a body, on pages, the API and health checks")
    func head() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            for path in ["/", "/healthz", "/api/v1/movies/603", "/api/v1/movies/popular"] {
                let get = try await client.get(path)
                let head = try await client.execute(uri: path, method: .head) {
                    TestResponse(status: $0.status, headers: $0.headers, body: $0.body)
                }
                #expect(head.status == get.status && head.status == .ok, "\(path)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
                #expect(head.body.readableBytes == 0, "\(path)")
            }
            let missing = try await client.execute(uri: "/api/v1/movies/999999999", method: .head) { $0.status }
            #expect(missing == .notFound)
        }
    }

    @Test("Every response carries a request id, distinct per request")
    func requestIDs() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            let first = try await client.get("/healthz").headers[.init("X-Request-Id")!]
            let second = try await client.get("/healthz").headers[.init("X-Request-Id")!]
            #expect(first != nil && second != nil && first != second)
        }
    }

    @Test("metrics are Prometheus text labelled by route template")
    func metrics() async throws {
        try await withMarquee(try TestSettings.make()) { client in
            _ = try await client.get("/api/v1/movies/999999999")
            _ = try await client.get("/api/v1/movies/popular")
            let metrics = try await client.get("/metrics")
            #expect(metrics.status == .ok)
            #expect(metrics.headers[.contentType]?.hasPrefix("text/plain") == true)
            #expect(metrics.text.contains(#"route="/api/v1/movies/{id}""#))
            #expect(metrics.text.contains(#"status="404""#))
            #expect(!metrics.text.contains("999999999"))
            #expect(metrics.text.contains("marquee_http_request_duration_seconds_bucket"))
        }
    }

    @Test("The OpenAPI document describes exactly the routes the router has")
    func openAPIMatchesRouter() async throws {
        let settings = try TestSettings.make()
        let parts = try await buildRouter(
            settings: settings, logger: TestSettings.quietLogger, dependencies: AppDependencies())
        let router = parts.router
        let services = parts.services
        let routed = Set(
            router.routes.filter {
                let path = Self.template($0.path.description)
                return !WebPages.paths.contains(path)
            }
            .map { "\($0.method.rawValue) \(Self.template($0.path.description))" })

        let document = try await withMarquee(settings) { client in try await client.get("/api/v1/openapi.json") }
        #expect(document.status == .ok)
        let json = try #require(JSONValue.parse(document.body.readableBytesView))
        #expect(json["openapi"]?.string?.hasPrefix("3.1") == true)
        let paths = try #require(json["paths"]?.object?.mapValues { $0.object ?? [:] })
        var documented = Set<String>()
        for (path, operations) in paths {
            for method in operations.keys where ["get", "post", "put", "patch", "delete"].contains(method) {
                documented.insert("\(method.uppercased()) \(path)")
            }
        }
        #expect(
            routed.subtracting(documented).isEmpty,
            "routes missing from the document: \(routed.subtracting(documented).sorted())")
        #expect(
            documented.subtracting(routed).isEmpty,
            "documented but not routed: \(documented.subtracting(routed).sorted())")
        for case let database as SQLiteDatabase in services { await database.close() }
    }

    /// Hummingbird prints parameters as `{id}` already; make sure of a leading slash.
    static func template(_ path: String) -> String {
        path.hasPrefix("/") ? path : "/" + path
    }
}
