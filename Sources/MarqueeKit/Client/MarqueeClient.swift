public import Foundation

/// The Marquee API, typed: one method per operation of `/api/v1` (see the `Endpoints` extensions), on top of a
/// `MarqueeTransport`, with the signed-in person's session kept by a `SessionManager`.
///
/// Every method throws `MarqueeError` only. Calls that are harmless to repeat are retried as `RetryPolicy` says; a
/// call the server turns down with 401 renews the session (one refresh shared by every call that met it) and is
/// sent once more. A cancelled task ends its call with `.cancelled`, never retried.
///
/// ```swift
/// let sessions = SessionManager(storage: FileSessionStorage(url: sessionFile))
/// let client = MarqueeClient(baseURL: URL(string: "https://marquee.example")!, sessions: sessions)
/// try await client.signIn(email: "ada@example.com", password: password)
/// for try await item in client.items(ItemQuery(list: .watchlist)) { … }
/// ```
public final class MarqueeClient: Sendable {
    /// The server, such as `https://marquee.example` (the API is under its `/api/v1`).
    public let baseURL: URL
    /// Who is signed in.
    public let sessions: SessionManager
    /// When calls are sent again.
    public let retryPolicy: RetryPolicy
    let connection: Connection

    /// Creates a client of the server at `baseURL`. `sessions` refreshes through this client's transport from now
    /// on, so give each `SessionManager` one client.
    public init(
        baseURL: URL, transport: any MarqueeTransport = URLSessionTransport(), sessions: SessionManager,
        retryPolicy: RetryPolicy = .standard
    ) {
        self.baseURL = baseURL
        self.sessions = sessions
        self.retryPolicy = retryPolicy
        connection = Connection(baseURL: baseURL, transport: transport)
        sessions.connect(connection)
    }

    /// Sends `request` until it succeeds or fails for good, and returns the successful answer.
    func send(_ request: APIRequest) async throws(MarqueeError) -> Reply {
        var retries = 0
        var waited = Duration.zero
        var renewed = false
        // Whose call this is: after a renewal, it is sent again only for the same person.
        var caller: String?
        while true {
            if Task.isCancelled { throw .cancelled }
            let session = try await credential(for: request.authentication)
            if let caller, session?.userID != caller { throw .signedOut }
            caller = session?.userID
            let failure: MarqueeError
            var retryAfter: Int?
            do throws(MarqueeError) {
                let reply = try await connection.send(request, token: session?.accessToken)
                if reply.isSuccess { return reply }
                if let session, request.authentication == .required, request.renewsRejectedToken, !renewed,
                    Self.rejectsToken(reply)
                {
                    renewed = true
                    try await renew(rejecting: session.accessToken)
                    continue
                }
                failure = reply.error
                retryAfter = reply.retryAfter
            } catch {
                failure = error
            }
            guard request.retryable,
                let delay = retryPolicy.delay(after: failure, retryAfter: retryAfter, retries: retries, waited: waited)
            else { throw failure }
            do {
                try await retryPolicy.sleep(delay)
            } catch {
                throw .cancelled
            }
            retries += 1
            waited += delay
        }
    }

    /// Whether `reply` turns down the access token itself (expired, unknown, its session ended), rather than
    /// something else the call sent (a wrong password is a 401 too).
    private static func rejectsToken(_ reply: Reply) -> Bool {
        guard reply.status == 401, let code = reply.error.code else { return false }
        return ["auth.token_expired", "auth.invalid_token", "auth.session_ended"].contains(code)
    }

    /// Sends `request` and reads its answer as `T`.
    func value<T: Decodable>(_ request: APIRequest, as type: T.Type = T.self) async throws(MarqueeError) -> T {
        let reply = try await send(request)
        do {
            return try reply.decode(T.self)
        } catch {
            throw .unreadableResponse(status: reply.status)
        }
    }

    /// The session to send `authentication`'s call with; nil for a call sent without one.
    private func credential(for authentication: APIRequest.Authentication) async throws(MarqueeError)
        -> StoredSession?
    {
        switch authentication {
        case .none:
            return nil
        case .required:
            do {
                return try await sessions.usableSession()
            } catch {
                throw Connection.failure(error)
            }
        case .ifSignedIn(let guestOnly):
            do {
                return try await sessions.optionalSession(guestOnly: guestOnly)
            } catch {
                throw Connection.failure(error)
            }
        }
    }

    private func renew(rejecting token: String) async throws(MarqueeError) {
        do {
            try await sessions.tokenRejected(token)
        } catch {
            throw Connection.failure(error)
        }
    }
}
