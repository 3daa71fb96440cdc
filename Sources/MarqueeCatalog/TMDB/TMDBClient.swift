import Foundation
import MarqueeCore
import MarqueeUpstream

/// Credentials and endpoints for TMDB.
package struct TMDBSettings: Sendable {
    /// How Marquee authenticates to TMDB.
    package enum Credential: Sendable {
        /// A v3 API key, sent as the `api_key` query parameter.
        case apiKey(String)
        /// A v4 read access token, sent as a bearer token.
        case readToken(String)
    }

    /// The credential.
    package var credential: Credential
    /// The API base URL, e.g. `https://api.themoviedb.org/3`.
    package var baseURL: String
    /// Replaces the image base URL from `/configuration` (for tests and image proxies).
    package var imageBaseURL: String?

    /// Creates settings.
    package init(credential: Credential, baseURL: String, imageBaseURL: String? = nil) {
        self.credential = credential
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.imageBaseURL = imageBaseURL
    }
}

/// Typed GET requests to TMDB through the caching, coalescing, rate-limited `UpstreamFetcher`.
struct TMDBClient: Sendable {
    let settings: TMDBSettings
    let fetcher: UpstreamFetcher

    func get<T: Decodable>(_ path: String, _ query: [(String, String)], as type: T.Type) async throws -> T {
        let sortedQuery = query.sorted { $0.0 < $1.0 }
        let queryString = sortedQuery.map { "\($0.0)=\(Self.escape($0.1))" }.joined(separator: "&")
        let cacheKey = "tmdb:" + path + (queryString.isEmpty ? "" : "?" + queryString)
        var url = settings.baseURL + path + "?" + queryString
        var headers: [(String, String)] = [("Accept", "application/json")]
        switch settings.credential {
        case .apiKey(let key): url += (queryString.isEmpty ? "" : "&") + "api_key=" + Self.escape(key)
        case .readToken(let token): headers.append(("Authorization", "Bearer \(token)"))
        }
        let body = try await fetcher.body(cacheKey: cacheKey, url: url, headers: headers, logPath: path)
        do {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return try decoder.decode(T.self, from: Data(body))
        } catch {
            throw DomainError(.upstreamUnavailable, "TMDB sent a response Marquee could not read.")
        }
    }

    static func escape(_ value: String) -> String {
        value.queryValueEncoded
    }
}
