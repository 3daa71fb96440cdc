import HTTPTypes
import Hummingbird
import Logging
import MarqueeCore
import MarqueeWire
import NIOHTTP1

/// Turns every error into the one JSON error body with a stable code, and every response gets `X-Request-Id`.
/// Unexpected errors are logged in full and answered with a generic `internal` error: no details leak. Browsers
/// asking for a page (not under `/api/`) get the same error as the web app's error page.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = MarqueeRequestContext

    /// Draws error pages for browsers.
    let pages: WebPages
    /// Tells a path with other methods (405) from no such path (404).
    let allowed: AllowedMethods
    /// How long an answer of `auth.too_many_attempts` waits before it is sent.
    let refusalDelay: Duration

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            var domainError = Self.domainError(for: error, request: request, context: context)
            let allow = domainError.code == .routeNotFound ? otherMethods(for: request) : nil
            if let allow {
                domainError = DomainError(.methodNotAllowed, "\(request.method) is not allowed here; use \(allow).")
            }
            response = JSONResponse.make(
                APIError(domainError, requestID: context.requestID).buffer(),
                status: .init(code: domainError.code.httpStatus))
            if Self.wantsPage(request) {
                do {
                    response = try await pages.problem(domainError, request: request, requestID: context.requestID)
                } catch {
                    context.logger.error(
                        "Could not draw the error page", metadata: ["error": "\(String(reflecting: error))"])
                }
            }
            response.setRetryAfter(for: domainError)
            if domainError.code == .tooManyAttempts {
                // A client refused for guessing may ask again only after `Retry-After` (a second at least), so
                // waiting costs an honest one nothing. One that floods anyway is held to a request a second per
                // connection, instead of thousands that each take CPU from every other request.
                try? await Task.sleep(for: refusalDelay)
            }
            if let allow { response.headers[.allow] = allow }
            if domainError.code.httpStatus == 401 {
                response.headers[.wwwAuthenticate] = Self.challenge(for: domainError)
            }
        }
        response.headers[.requestID] = context.requestID
        return response
    }

    /// `WWW-Authenticate`, which every 401 carries (RFC 9110): sign in with a bearer token, and when one was sent
    /// and is no good, say so as RFC 6750 does.
    static func challenge(for error: DomainError) -> String {
        switch error.code {
        case .invalidToken, .tokenExpired, .sessionEnded: #"Bearer realm="marquee", error="invalid_token""#
        default: #"Bearer realm="marquee""#
        }
    }

    /// The methods the request's path takes (`GET, HEAD`), when it exists but not for the request's method.
    private func otherMethods(for request: Request) -> String? {
        let methods = allowed.methods(for: request.uri.path)
        guard !methods.isEmpty, !methods.contains(request.method.rawValue) else { return nil }
        return methods.joined(separator: ", ")
    }

    /// A browser navigating to a page rather than a client calling the API.
    static func wantsPage(_ request: Request) -> Bool {
        !request.uri.isAPIPath && (request.headers[.accept]?.contains("text/html") ?? false)
    }

    static func domainError(for error: any Error, request: Request, context: Context) -> DomainError {
        if let domainError = error as? DomainError { return domainError }
        if let httpError = error as? any HTTPResponseError {
            switch httpError.status {
            case .notFound:
                return DomainError(.routeNotFound, "There is nothing at \(request.uri.path.prefix(200)).")
            case .methodNotAllowed:
                return DomainError(.methodNotAllowed, "\(request.method) is not allowed here.")
            case .contentTooLarge:
                return DomainError(.bodyTooLarge, "The request body is too large.")
            case .badRequest:
                return DomainError(.invalidParameter, "The request could not be read.")
            default:
                break
            }
        }
        // The body as sent could not be parsed (a malformed chunk size), or the client left in the middle of it:
        // the client's doing, not ours.
        if let parserError = error as? HTTPParserError {
            context.logger.info("Unreadable request body", metadata: ["error": "\(parserError)"])
            return DomainError(.invalidBody, "The request body could not be read: it was malformed or cut short.")
        }
        context.logger.error("Unexpected error", metadata: ["error": "\(String(reflecting: error))"])
        return DomainError(
            .internal,
            "Something went wrong on our side. Please try again; if it keeps happening, quote the request id.")
    }
}

extension HTTPField.Name {
    static let requestID = Self("X-Request-Id")!
    static let allow = Self("Allow")!
}

extension Response {
    /// `Retry-After` from an error that says when to try again.
    mutating func setRetryAfter(for error: DomainError) {
        if let seconds = error.retryAfterSeconds { headers[.retryAfter] = String(seconds) }
    }
}
