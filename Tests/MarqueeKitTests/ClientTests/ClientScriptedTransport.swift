import Foundation
import MarqueeWire

@testable import MarqueeKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `MarqueeTransport` that answers each request with what its handler says, records every request, and tells
/// `arrivals` of each as it comes in (so a test can wait for a request instead of for time).
actor ClientScriptedTransport: MarqueeTransport {
    /// One answer: a status, headers and a body.
    struct Answer: Sendable {
        var status: Int
        var headers: [String: String] = [:]
        var body = Data()
    }

    /// A request as it was sent.
    struct Request: Sendable {
        let sent: URLRequest

        /// `"METHOD /path"`.
        var route: String { "\(sent.httpMethod ?? "GET") \(sent.url?.path ?? "")" }

        /// The whole URL, as sent.
        var url: String { sent.url?.absoluteString ?? "" }

        /// The bearer token sent, if any.
        var bearer: String? {
            sent.value(forHTTPHeaderField: "Authorization").map { String($0.dropFirst("Bearer ".count)) }
        }

        func header(_ name: String) -> String? {
            sent.value(forHTTPHeaderField: name)
        }

        /// The value of query parameter `name`.
        func query(_ name: String) -> String? {
            sent.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }?.queryItems?
                .first { $0.name == name }?.value
        }

        /// The JSON body as a dictionary.
        var json: [String: Any]? {
            sent.httpBody.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        }
    }

    typealias Handler = @Sendable (Request) async throws -> Answer

    private let handler: Handler
    private(set) var requests: [Request] = []
    /// Every request, as it arrives.
    nonisolated let arrivals: AsyncStream<Request>
    private let arrived: AsyncStream<Request>.Continuation

    init(_ handler: @escaping Handler) {
        self.handler = handler
        (arrivals, arrived) = AsyncStream.makeStream(of: Request.self)
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let recorded = Request(sent: request)
        requests.append(recorded)
        arrived.yield(recorded)
        let answer = try await handler(recorded)
        guard
            let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers)
        else { throw URLError(.badServerResponse) }
        return (answer.body, response)
    }

    func stream(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        throw MarqueeError.offline
    }

    /// The requests sent to `route` (`"GET /api/v1/me"`).
    func requests(to route: String) -> [Request] {
        requests.filter { $0.route == route }
    }
}

extension ClientScriptedTransport.Answer {
    /// A JSON answer of `value`, in the wire's snake_case.
    static func json(_ value: some Encodable, status: Int = 200) -> Self {
        Self(
            status: status, headers: ["Content-Type": "application/json"],
            body: (try? WireJSON.makeEncoder().encode(value)) ?? Data())
    }

    /// The server's error body.
    static func error(_ status: Int, _ code: String, retryAfter: Int? = nil, requestID: String = "req-1") -> Self {
        var headers = ["Content-Type": "application/json"]
        headers["Retry-After"] = retryAfter.map(String.init)
        let body = APIError(code: code, message: "Refused: \(code).", requestId: requestID)
        // The error body keeps the contract's spelling (`requestId`), without snake_case.
        return Self(status: status, headers: headers, body: (try? JSONEncoder().encode(body)) ?? Data())
    }
}

/// A door that stays shut until opened: whoever waits at it resumes when it opens, or throws `CancellationError` when
/// their task is cancelled first.
actor ClientGate {
    private var isOpen = false
    private var waiters: [UUID: CheckedContinuation<Void, any Error>] = [:]

    func open() {
        isOpen = true
        for waiter in waiters.values { waiter.resume() }
        waiters = [:]
    }

    func wait() async throws {
        if isOpen { return }
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    private func cancel(_ id: UUID) {
        waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }
}

/// A count that tests and handlers share.
actor ClientCounter {
    private(set) var value = 0

    @discardableResult
    func increment() -> Int {
        value += 1
        return value
    }
}

/// The waits a `RetryPolicy` asked for, recorded instead of slept.
actor ClientWaits {
    private(set) var all: [Duration] = []

    func record(_ duration: Duration) {
        all.append(duration)
    }
}

/// Sessions, accounts and clients for the client tests, on a fixed clock.
enum ClientFixtures {
    static let baseURL = URL(string: "https://marquee.test")!
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func account(_ id: String = "user-1", type: String = "email") -> Account {
        Account(
            id: id, shortId: String(id.prefix(8)), accountType: type, signInMethod: "Email (a@b.com)",
            email: "a@b.com", emailVerified: true, createdAt: "2026-01-01T00:00:00Z",
            profile: Account.Profile(experience: "movies"))
    }

    /// A stored session of `user` whose access token expires `expiresIn` seconds from `now`.
    static func session(
        _ user: String = "user-1", access: String, refresh: String, expiresIn: TimeInterval = 600,
        type: String = "email"
    ) -> StoredSession {
        StoredSession(
            userID: user, sessionID: "session-of-\(user)", accessToken: access,
            accessTokenExpiresAt: now.addingTimeInterval(expiresIn), refreshToken: refresh, accountType: type,
            experience: "movies")
    }

    /// The server's answer to a sign-in (`user` given) or to a refresh (no user).
    static func sessionAnswer(access: String, refresh: String, user: Account? = nil, status: Int = 200)
        -> ClientScriptedTransport.Answer
    {
        .json(
            Session(
                sessionId: "session-\(refresh)", tokenType: "Bearer", accessToken: access, expiresIn: 900,
                expiresAt: RFC3339.string(now.addingTimeInterval(900)), refreshToken: refresh, user: user),
            status: status)
    }

    /// A client on `transport`, its session manager on `storage`, and the retry waits it records.
    static func client(
        _ transport: ClientScriptedTransport, storage: any SessionStorage = MemorySessionStorage()
    ) -> (MarqueeClient, SessionManager, ClientWaits) {
        let waits = ClientWaits()
        var policy = RetryPolicy.standard
        policy.sleep = { duration in await waits.record(duration) }
        let sessions = SessionManager(storage: storage, now: { now })
        return (
            MarqueeClient(baseURL: baseURL, transport: transport, sessions: sessions, retryPolicy: policy), sessions,
            waits
        )
    }
}
