import Hummingbird
import Prometheus

/// Counts requests and records their durations in Prometheus, labelled by route template (`/api/v1/movies/{id}`),
/// never by raw path, so label cardinality stays bounded.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = MarqueeRequestContext
    let registry: PrometheusCollectorRegistry

    static let buckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5),
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let route = context.endpointPath ?? "unmatched"
        let method = request.method.rawValue
        registry.makeCounter(
            name: "marquee_http_requests_total",
            labels: [("route", route), ("method", method), ("status", String(response.status.code))]
        ).increment()
        registry.makeDurationHistogram(
            name: "marquee_http_request_duration_seconds", labels: [("route", route), ("method", method)],
            buckets: Self.buckets
        ).record(ContinuousClock.now - start)
        return response
    }
}
