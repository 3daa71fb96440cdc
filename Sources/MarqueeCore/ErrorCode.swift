/// A stable, machine-readable error code such as `catalog.not_found`.
///
/// Codes are part of the public API: never reuse or rename one. Each code carries the HTTP status it maps to,
/// so there is exactly one table of code → status (this file).
package struct ErrorCode: Hashable, Sendable, CustomStringConvertible {
    /// The code as it appears on the wire, `area.reason`.
    package let rawValue: String
    /// The HTTP status code an API response with this error uses.
    package let httpStatus: Int

    private init(_ rawValue: String, _ httpStatus: Int) {
        self.rawValue = rawValue
        self.httpStatus = httpStatus
    }

    package var description: String { rawValue }
}

extension ErrorCode {
    // MARK: Requests in general
    /// A query parameter or path component is malformed or out of range.
    package static let invalidParameter = ErrorCode("request.invalid_parameter", 400)
    /// The request has a query parameter its route does not take (the OpenAPI document lists the ones it does).
    package static let unknownParameter = ErrorCode("request.unknown_parameter", 400)
    /// `page` is not a whole number from 1 to 500.
    package static let badPage = ErrorCode("request.bad_page", 400)
    /// No route matches the path.
    package static let routeNotFound = ErrorCode("request.not_found", 404)
    /// The route exists but not for this HTTP method.
    package static let methodNotAllowed = ErrorCode("request.method_not_allowed", 405)
    /// The request body is larger than the server accepts.
    package static let bodyTooLarge = ErrorCode("request.body_too_large", 413)
    /// The request body is not the JSON object this route expects (bad JSON, bad UTF-8, a wrong type or value).
    package static let invalidBody = ErrorCode("request.invalid_body", 400)
    /// The request body has a field this route does not know.
    package static let unknownField = ErrorCode("request.unknown_field", 400)
    /// The body is not `application/json`.
    package static let unsupportedMediaType = ErrorCode("request.unsupported_media_type", 415)
    /// The request is not valid HTTP/1.1 (its request line or headers: an unknown method, two `Content-Length`
    /// headers, …); the connection is closed after the answer. A body whose chunks do not parse is
    /// `request.invalid_body`.
    package static let malformedRequest = ErrorCode("request.malformed", 400)
    /// The request line and headers together are longer than the server reads; the connection is closed after
    /// the answer.
    package static let headerTooLarge = ErrorCode("request.header_too_large", 431)

    // MARK: Weather
    /// No city has this id: not in the embedded index, nor found upstream.
    package static let cityNotFound = ErrorCode("weather.city_not_found", 404)
    /// The weather upstream cannot be reached and nothing recent enough is cached (or it is switched off).
    package static let weatherUnavailable = ErrorCode("weather.upstream_unavailable", 503)

    // MARK: Events
    /// No event has this id (at Ticketmaster, or in the demo programme).
    package static let eventNotFound = ErrorCode("events.not_found", 404)
    /// The place typed is not a city Marquee knows.
    package static let unknownPlace = ErrorCode("events.unknown_place", 400)
    /// Ticketmaster cannot be reached, or its request budget is spent, and nothing usable is cached.
    package static let eventsUnavailable = ErrorCode("events.upstream_unavailable", 503)

    // MARK: Art
    /// No work of art has this object number.
    package static let artworkNotFound = ErrorCode("art.not_found", 404)
    /// The object number is not one the museum could have issued.
    package static let badArtworkID = ErrorCode("art.bad_id", 400)
    /// The museum's services cannot be reached and nothing usable is cached.
    package static let artUnavailable = ErrorCode("art.upstream_unavailable", 503)

    // MARK: Catalog
    /// The list name is not one this kind of media has.
    package static let unknownList = ErrorCode("catalog.unknown_list", 400)
    /// The media kind is not `movie`, `tv` or `person` (or not valid here).
    package static let unknownKind = ErrorCode("catalog.unknown_kind", 400)
    /// The id is not a positive whole number.
    package static let badID = ErrorCode("catalog.bad_id", 400)
    /// The search query is empty or longer than 200 characters.
    package static let badQuery = ErrorCode("catalog.bad_query", 400)
    /// No title or person has this id.
    package static let catalogNotFound = ErrorCode("catalog.not_found", 404)
    /// The upstream catalog could not be reached and nothing usable was cached.
    package static let upstreamUnavailable = ErrorCode("catalog.upstream_unavailable", 503)

    // MARK: Accounts
    /// The email address is not a valid address.
    package static let invalidEmail = ErrorCode("auth.invalid_email", 400)
    /// The password does not meet the password policy.
    package static let weakPassword = ErrorCode("auth.weak_password", 400)
    /// A token (access or refresh) is malformed, forged or unknown.
    package static let invalidToken = ErrorCode("auth.invalid_token", 401)
    /// An access token has expired; refresh it.
    package static let tokenExpired = ErrorCode("auth.token_expired", 401)
    /// The session was signed out, expired, or ended because its refresh token was reused.
    package static let sessionEnded = ErrorCode("auth.session_ended", 401)
    /// Another account already uses this email address (or Google account).
    package static let accountExists = ErrorCode("auth.account_exists", 409)
    /// The email address and password do not match an account.
    package static let invalidCredentials = ErrorCode("auth.invalid_credentials", 401)
    /// The account's email address has not been confirmed yet; the mail can be sent again.
    package static let emailNotVerified = ErrorCode("auth.email_not_verified", 403)
    /// The mailed link is unknown or was replaced.
    package static let linkInvalid = ErrorCode("auth.link_invalid", 400)
    /// The mailed link is past its expiry.
    package static let linkExpired = ErrorCode("auth.link_expired", 410)
    /// The link was already used, or withdrawn when a newer one was sent or the flow finished another way.
    package static let linkUsed = ErrorCode("auth.link_used", 409)
    /// The request needs a signed-in user.
    package static let authenticationRequired = ErrorCode("auth.required", 401)
    /// The action needs a sign-in (or the password) from the last five minutes.
    package static let recentLoginRequired = ErrorCode("auth.recent_login_required", 403)
    /// Too many attempts from this address or for this account; retry after `Retry-After` seconds.
    package static let tooManyAttempts = ErrorCode("auth.too_many_attempts", 429)
    /// Every password check the server can run at once is taken; retry after `Retry-After` seconds.
    package static let authBusy = ErrorCode("auth.busy", 503)
    /// The server's operator disabled the account.
    package static let accountDisabled = ErrorCode("auth.account_disabled", 403)
    /// The action is only for guest accounts (upgrade) or not for guests (change email or password).
    package static let wrongAccountType = ErrorCode("auth.wrong_account_type", 409)
    /// A cookie-authenticated change came without a valid CSRF token or from another origin.
    package static let csrfFailed = ErrorCode("auth.csrf_failed", 403)
    /// The Google ID token is malformed, forged, expired, for another app, or its email is unverified.
    package static let invalidIDToken = ErrorCode("auth.invalid_id_token", 401)
    /// Google sign-in is not configured on this server.
    package static let providerNotConfigured = ErrorCode("auth.provider_not_configured", 404)
    /// The person turned down the sign-in at the provider (Google), or the provider could not complete it.
    package static let oauthCancelled = ErrorCode("auth.oauth_cancelled", 400)
    /// A sign-in came back from the provider without the attempt this browser started (expired, from another
    /// browser, or forged).
    package static let oauthStateInvalid = ErrorCode("auth.oauth_state_invalid", 400)
    /// The provider would not trade the returned code for a token (used already, expired, or for another client).
    package static let oauthCodeRejected = ErrorCode("auth.oauth_code_rejected", 400)

    // MARK: Saved items
    /// The list is not `favorites` or `watchlist`.
    package static let unknownSavedList = ErrorCode("items.unknown_list", 400)
    /// The kind is not one an item can have (`movie`, `tv`, `person`, `city`, `event`, `artwork`).
    package static let unknownSavedKind = ErrorCode("items.unknown_kind", 400)
    /// The item id is empty, too long or has characters ids never have.
    package static let badItemID = ErrorCode("items.bad_id", 400)
    /// The note is longer than 2,000 characters or holds control characters.
    package static let badNote = ErrorCode("items.bad_note", 400)
    /// The snapshot lacks a title or has a field that is too long or malformed.
    package static let badSnapshot = ErrorCode("items.bad_snapshot", 400)
    /// The rating is not a whole number from 1 to 10.
    package static let badRating = ErrorCode("items.bad_rating", 400)
    /// Watched dates and ratings belong to movies and shows on the watchlist.
    package static let notWatchable = ErrorCode("items.not_watchable", 400)
    /// The caller has no such item (whether someone else has one is never revealed).
    package static let itemNotFound = ErrorCode("items.not_found", 404)
    /// The account holds as many items as the server allows; the message states the limit.
    package static let itemLimitReached = ErrorCode("items.limit_reached", 409)
    /// The cursor cannot be read, or belongs to another query.
    package static let badCursor = ErrorCode("items.bad_cursor", 400)
    /// A states query names no pairs or more than 100.
    package static let tooManyPairs = ErrorCode("items.too_many_pairs", 400)
    /// `since` (or `Last-Event-ID`) is not a resume point: an event's id (`42:1f3a9c0b`) or a whole number from 0 up.
    package static let badSince = ErrorCode("items.bad_since", 400)
    /// The import's format is not recognised.
    package static let unknownImportFormat = ErrorCode("items.unknown_import_format", 400)
    /// The account already has as many live streams open as the server allows; the message states the limit.
    package static let tooManyStreams = ErrorCode("items.too_many_streams", 429)

    // MARK: Service
    /// The database did not answer in time (it is down, unreachable or overloaded) or cannot write (a full disk, an
    /// I/O error); retry after `Retry-After`.
    package static let storageUnavailable = ErrorCode("storage.unavailable", 503)
    /// An unexpected failure; details are in the server log under the request id.
    package static let `internal` = ErrorCode("internal", 500)
}
