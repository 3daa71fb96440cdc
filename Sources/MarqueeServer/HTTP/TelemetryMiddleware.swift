import HTTPTypes
import Hummingbird
import Logging
import Prometheus
import Synchronization

/// Observes every routed request: counts it and records its duration in Prometheus, labelled by route template
/// (`/api/v1/movies/{id}`), never by raw path, so label cardinality stays bounded; tells the client how long the
/// server worked on it (`Server-Timing: app;dur=0.42`, in milliseconds, which the benchmarks read); and writes
/// one access-log line at info level (the logger carries the request id).
struct TelemetryMiddleware: RouterMiddleware {
    typealias Context = MarqueeRequestContext
    let instruments: RequestInstruments

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        var response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        response.headers[.serverTiming] = "app;dur=" + Self.milliseconds(elapsed)
        let route = context.endpointPath ?? "unmatched"
        instruments.record(route: route, method: request.method, status: response.status.code, duration: elapsed)
        context.logger.info(
            "Request",
            metadata: [
                "method": "\(request.method.rawValue)", "path": "\(request.uri.path)", "route": "\(route)",
                "status": "\(response.status.code)", "ms": "\(Self.milliseconds(elapsed))",
            ])
        return response
    }

    /// `1.234` for 1234 µs, without Foundation's slow formatting.
    static func milliseconds(_ duration: Duration) -> String {
        let micros = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        let fraction = String(micros % 1000)
        return "\(micros / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

/// The Prometheus instruments of each (route, method, status), created once and then reused: a request costs
/// one dictionary lookup instead of building label sets in the registry.
final class RequestInstruments: Sendable {
    private struct Key: Hashable {
        let route: String
        let method: HTTPRequest.Method
        let status: Int
    }

    private static let buckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5),
    ]

    private let registry: PrometheusCollectorRegistry
    private let instruments = Mutex<[Key: (requests: Counter, duration: DurationHistogram)]>([:])

    init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
    }

    func record(route: String, method: HTTPRequest.Method, status: Int, duration: Duration) {
        instruments(route: route, method: method, status: status).record(duration)
    }

    /// The instruments of one (route, method, status), for callers that record the same one many times.
    func instruments(route: String, method: HTTPRequest.Method, status: Int) -> RouteInstruments {
        let key = Key(route: route, method: method, status: status)
        let found = instruments.withLock { $0[key] }
        let pair = found ?? make(key)
        return RouteInstruments(requests: pair.requests, duration: pair.duration)
    }

    /// `marquee_http_requests_total`.
    private static var requestsName: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "marquee", subsystem: "http", metricName: "requests", unitName: "total",
            helpText: "HTTP requests answered, by route template, method and status.")
    }

    /// `marquee_http_request_duration_seconds`.
    private static var durationName: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "marquee", subsystem: "http", metricName: "request_duration", unitName: "seconds",
            helpText: "Time to answer HTTP requests, by route template, method and status.")
    }

    private func make(_ key: Key) -> (requests: Counter, duration: DurationHistogram) {
        let labels = [("route", key.route), ("method", key.method.rawValue), ("status", String(key.status))]
        let pair = (
            requests: registry.makeCounter(descriptor: Self.requestsName, labels: labels),
            duration: registry.makeDurationHistogram(
                descriptor: Self.durationName, labels: labels, buckets: Self.buckets)
        )
        instruments.withLock { $0[key] = pair }
        return pair
    }
}

/// The counter and histogram of one (route, method, status).
struct RouteInstruments: Sendable {
    let requests: Counter
    let duration: DurationHistogram

    func record(_ elapsed: Duration) {
        requests.increment()
        duration.record(elapsed)
    }
}

extension HTTPField.Name {
    static let serverTiming = Self("Server-Timing")!
}
