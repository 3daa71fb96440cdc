import Foundation
import MarqueeWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One call of `/api/v1`, described before it is sent: what it asks, whether it needs the signed-in person, and
/// whether sending it twice is harmless.
struct APIRequest: Sendable {
    /// Whose call it is.
    enum Authentication: Sendable, Equatable {
        /// Anyone's: no token is sent.
        case none
        /// The signed-in person's: without a session it fails with `MarqueeError.signedOut`.
        case required
        /// Sent with the token when someone is signed in (only a guest, with `guestOnly`), else without.
        case ifSignedIn(guestOnly: Bool)
    }

    var method: String
    /// The path after `/api/v1`, a segment at a time, unescaped.
    var path: [String]
    var query: [(name: String, value: String)] = []
    var body: Data?
    var contentType: String?
    var authentication = Authentication.none
    /// Whether a failure the server may not have acted on (offline, 429, 502–504) may be sent again.
    var retryable: Bool
    /// Whether a 401 renews the session and sends the call once more.
    var renewsRejectedToken = true

    init(
        _ method: String, _ path: [String], query: [(name: String, value: String?)] = [],
        authentication: Authentication = .none
    ) {
        self.method = method
        self.path = path
        self.query = query.compactMap { item in item.value.map { (item.name, $0) } }
        self.authentication = authentication
        // PATCH and POST are not safe to repeat: an edit that set `watched` sets it again, a sign-in counts twice.
        retryable = ["GET", "PUT", "DELETE"].contains(method)
    }

    /// A call with `body` as its JSON body, in the wire's snake_case.
    init(
        _ method: String, _ path: [String], json body: some Encodable, query: [(name: String, value: String?)] = [],
        authentication: Authentication = .none
    ) throws {
        self.init(method, path, query: query, authentication: authentication)
        self.body = try WireJSON.makeEncoder().encode(body)
        contentType = "application/json"
    }

    /// The request to send to the server at `baseURL`, with `token` as its bearer token.
    func urlRequest(baseURL: URL, token: String?) -> URLRequest {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += "/api/v1" + path.map { "/" + Self.escaped($0) }.joined()
        if !query.isEmpty {
            text += "?" + query.map { Self.escaped($0.name) + "=" + Self.escaped($0.value) }.joined(separator: "&")
        }
        // Only unreserved characters and percent escapes were added to a URL's own text, so this always parses.
        var request = URLRequest(url: URL(string: text)!)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        request.httpBody = body
        return request
    }

    /// RFC 3986's unreserved characters stay; everything else is percent-escaped, so that an id such as `SK:C:5`,
    /// or a search for `R&B + soul`, reaches the server as it was given.
    private static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
