import Foundation
import MarqueeWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server's whole answer to one request.
struct Reply: Sendable {
    let data: Data
    let response: HTTPURLResponse

    var status: Int { response.statusCode }

    var isSuccess: Bool { (200..<300).contains(status) }

    /// `Retry-After` in seconds, when the server sent it so (the form Marquee sends).
    var retryAfter: Int? {
        response.value(forHTTPHeaderField: "Retry-After")
            .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            .map { max(0, $0) }
    }

    /// The refusal this answer carries: the server's error body, or, when a proxy answered with something else, its
    /// status alone.
    var error: MarqueeError {
        // The error body keeps the contract's own spelling (`requestId`), so it is read without snake_case.
        guard let body = try? JSONDecoder().decode(APIError.self, from: data) else {
            return .unreadableResponse(status: status)
        }
        return .server(
            code: body.error.code, message: body.error.message, status: status, requestID: body.error.requestId,
            retryAfter: retryAfter)
    }

    /// The body as `T`, read with the wire's snake_case keys.
    func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        do {
            return try WireJSON.makeDecoder().decode(T.self, from: data)
        } catch {
            throw MarqueeError.unreadableResponse(status: status)
        }
    }
}

/// Where the API is and how to reach it: one request, one answer, no retries and no sessions (`MarqueeClient` adds
/// those). The `SessionManager` refreshes through it too.
struct Connection: Sendable {
    let baseURL: URL
    let transport: any MarqueeTransport

    /// Sends `request` once. Throws only when no answer came: `.offline` or `.cancelled`; any answer, success or
    /// refusal, is returned.
    func send(_ request: APIRequest, token: String?) async throws(MarqueeError) -> Reply {
        do {
            let (data, response) = try await transport.send(request.urlRequest(baseURL: baseURL, token: token))
            return Reply(data: data, response: response)
        } catch {
            throw Self.failure(error)
        }
    }

    /// What a transport's error means to the caller: a cancelled task is `.cancelled` (whatever the stack threw for
    /// it), MarqueeKit's own errors stand, and anything else means the server was not reached.
    static func failure(_ error: any Error) -> MarqueeError {
        if Task.isCancelled || error is CancellationError { return .cancelled }
        if let error = error as? MarqueeError { return error }
        if let error = error as? URLError, error.code == .cancelled { return .cancelled }
        return .offline
    }
}
