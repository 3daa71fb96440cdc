import Foundation
import Hummingbird
import MarqueeCatalog
import MarqueeCore
import MarqueeStore
import MarqueeStoreSQL
import NIOCore
import Prometheus

/// Health, readiness, metrics and the OpenAPI document.
struct OperationsRoutes {
    let database: any Database
    let catalogSummary: String
    let registry: PrometheusCollectorRegistry
    let openAPIDocument: ByteBuffer

    private struct Health: Encodable {
        let status: String
        var checks: [String: String] = [:]
    }

    func register(on router: Router<MarqueeRequestContext>) {
        router.get("healthz") { _, _ in try JSONResponse.make(Health(status: "ok")) }
        router.get("readyz") { _, _ in
            let storageOK = await database.isHealthy()
            let health = Health(
                status: storageOK ? "ready" : "not_ready",
                checks: ["storage": storageOK ? "ok" : "unavailable", "catalog": catalogSummary])
            return try JSONResponse.make(health, status: storageOK ? .ok : .serviceUnavailable)
        }
        router.get("metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
        router.get("api/v1/openapi.json") { _, _ in
            JSONResponse.make(openAPIDocument, cacheControl: "public, max-age=300")
        }
    }
}
