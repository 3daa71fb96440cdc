/// A stable, machine-readable error code such as `catalog.not_found`.
///
/// Codes are part of the public API: never reuse or rename one. Each code carries the HTTP status it maps to,
/// so there is exactly one table of code → status (this file).
public struct ErrorCode: Hashable, Sendable, CustomStringConvertible {
    /// The code as it appears on the wire, `area.reason`.
    public let rawValue: String
    /// The HTTP status code an API response with this error uses.
    public let httpStatus: Int

    private init(_ rawValue: String, _ httpStatus: Int) {
        self.rawValue = rawValue
        self.httpStatus = httpStatus
    }

    public var description: String { rawValue }
}

extension ErrorCode {
    // MARK: Requests in general
    /// A query parameter or path component is malformed or out of range.
    public static let invalidParameter = ErrorCode("request.invalid_parameter", 400)
    /// `page` is not a whole number from 1 to 500.
    public static let badPage = ErrorCode("request.bad_page", 400)
    /// No route matches the path.
    public static let routeNotFound = ErrorCode("request.not_found", 404)
    /// The route exists but not for this HTTP method.
    public static let methodNotAllowed = ErrorCode("request.method_not_allowed", 405)
    /// The request body is larger than the server accepts.
    public static let bodyTooLarge = ErrorCode("request.body_too_large", 413)

    // MARK: Catalog
    /// The list name is not one this kind of media has.
    public static let unknownList = ErrorCode("catalog.unknown_list", 400)
    /// The media kind is not `movie`, `tv` or `person` (or not valid here).
    public static let unknownKind = ErrorCode("catalog.unknown_kind", 400)
    /// The id is not a positive whole number.
    public static let badID = ErrorCode("catalog.bad_id", 400)
    /// The search query is empty or longer than 200 characters.
    public static let badQuery = ErrorCode("catalog.bad_query", 400)
    /// No title or person has this id.
    public static let catalogNotFound = ErrorCode("catalog.not_found", 404)
    /// The upstream catalog could not be reached and nothing usable was cached.
    public static let upstreamUnavailable = ErrorCode("catalog.upstream_unavailable", 503)

    // MARK: Accounts
    /// The email address is not a valid address.
    public static let invalidEmail = ErrorCode("auth.invalid_email", 400)
    /// The password does not meet the password policy.
    public static let weakPassword = ErrorCode("auth.weak_password", 400)
    /// A token (access or refresh) is malformed, forged or unknown.
    public static let invalidToken = ErrorCode("auth.invalid_token", 401)
    /// An access token has expired; refresh it.
    public static let tokenExpired = ErrorCode("auth.token_expired", 401)
    /// The session was signed out, expired, or ended because its refresh token was reused.
    public static let sessionEnded = ErrorCode("auth.session_ended", 401)
    /// Another account already uses this email address (or Google account).
    public static let accountExists = ErrorCode("auth.account_exists", 409)

    // MARK: Service
    /// An unexpected failure; details are in the server log under the request id.
    public static let `internal` = ErrorCode("internal", 500)
}
