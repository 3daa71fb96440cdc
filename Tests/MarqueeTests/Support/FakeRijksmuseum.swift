import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// A local stand-in for the Rijksmuseum's keyless services, on loopback, serving our fixtures (`Fixtures/rijksmuseum`)
/// in the museum's shapes: the search API at `/search/collection` (`creator`, `title` or `objectNumber`; pages of
/// `pageSize` ids with a `pageToken`) and Linked Art documents at `/{id}` (objects, visual items, digital objects).
/// It counts calls and can be told to answer every request with 429 or 503.
///
/// Unlike the museum, it ignores `imageAvailable`, so that the provider's own handling of a work without an image
/// is exercised.
final class FakeRijksmuseum: Sendable {
    /// One work of `works.json`: what the search looks in.
    struct Work: Decodable, Sendable {
        var id: String
        var objectNumber: String
        var titles: [String]
        var makers: [String]

        private enum CodingKeys: String, CodingKey {
            case id, titles, makers
            case objectNumber = "object_number"
        }
    }

    private let state = Mutex<(status: HTTPResponse.Status?, calls: [String])>((nil, []))
    let pageSize: Int

    init(pageSize: Int = 100) {
        self.pageSize = pageSize
    }

    /// Whether every request is answered with 429 (and `Retry-After: 0`).
    var isRateLimited: Bool {
        get { state.withLock { $0.status == .tooManyRequests } }
        set { state.withLock { $0.status = newValue ? .tooManyRequests : nil } }
    }

    /// Whether every request fails with 503.
    var isDown: Bool {
        get { state.withLock { $0.status == .serviceUnavailable } }
        set { state.withLock { $0.status = newValue ? .serviceUnavailable : nil } }
    }

    /// The path and query of each request so far.
    var calls: [String] { state.withLock { $0.calls } }

    /// The search requests so far.
    var searchCalls: [String] { calls.filter { $0.hasPrefix("/search/") } }

    /// The Linked Art document requests so far.
    var documentCalls: [String] { calls.filter { !$0.hasPrefix("/search/") } }

    /// Runs the fake for the duration of `body`, passing the search URL (`http://127.0.0.1:PORT/search/collection`)
    /// and the Linked Art id URL (`http://127.0.0.1:PORT`).
    func run<T: Sendable>(_ body: @Sendable (_ searchURL: String, _ idURL: String) async throws -> T) async throws -> T
    {
        let works = try JSONDecoder().decode([Work].self, from: Fixtures.data("rijksmuseum/works.json"))
        let router = Router()
        router.get("search/collection") { request, _ in
            if let refusal = self.refusal(request) { return refusal }
            return Self.json(Self.searchPage(request, works: works, pageSize: self.pageSize))
        }
        router.get("{id}") { request, context in
            if let refusal = self.refusal(request) { return refusal }
            let id = context.parameters.get("id") ?? ""
            guard id.allSatisfy(\.isNumber), let data = try? Fixtures.data("rijksmuseum/linked-art/\(id).json") else {
                return Response(status: .notFound, body: .init(byteBuffer: ByteBuffer(string: "Not found")))
            }
            return Self.json(data, contentType: "application/ld+json")
        }
        return try await withLoopbackServer(router, label: "fake-rijksmuseum") { port in
            try await body("http://127.0.0.1:\(port)/search/collection", "http://127.0.0.1:\(port)")
        }
    }

    /// Counts the request; the failure every request gets, if one is set.
    private func refusal(_ request: Request) -> Response? {
        let status = state.withLock { state in
            state.calls.append(request.uri.path + (request.uri.query.map { "?\($0)" } ?? ""))
            return state.status
        }
        guard let status else { return nil }
        var headers: HTTPFields = [.contentType: "text/plain"]
        if status == .tooManyRequests { headers[.retryAfter] = "0" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "Try later")))
    }

    /// The page of ids a search finds: by maker (`creator`), by title, or by exact object number.
    private static func searchPage(_ request: Request, works: [Work], pageSize: Int) -> Data {
        let parameters = request.uri.queryParameters
        func matches(_ name: String, _ texts: [String]) -> Bool {
            guard let query = parameters[Substring(name)].map({ String($0).searchKey }) else { return true }
            return texts.contains { $0.searchKey.contains(query) }
        }
        let found = works.filter { work in
            if let number = parameters["objectNumber"] {
                return work.objectNumber.caseInsensitiveCompare(String(number)) == .orderedSame
            }
            return matches("creator", work.makers) && matches("title", work.titles)
        }
        let start = parameters["pageToken"].flatMap { Int($0.dropFirst("offset-".count)) } ?? 0
        let items = found.dropFirst(start).prefix(pageSize).map {
            ["id": "https://id.rijksmuseum.nl/\($0.id)", "type": "HumanMadeObject"]
        }
        var page: [String: Any] = [
            "@context": "https://linked.art/ns/v1/search.json",
            "type": "OrderedCollectionPage",
            "partOf": ["type": "OrderedCollection", "totalItems": found.count],
            "orderedItems": items,
        ]
        if start + pageSize < found.count {
            var next = URLComponents()
            next.scheme = "https"
            next.host = "data.rijksmuseum.nl"
            next.path = "/search/collection"
            next.queryItems =
                parameters.filter { $0.key != "pageToken" }.map {
                    URLQueryItem(name: String($0.key), value: String($0.value))
                }
                + [URLQueryItem(name: "pageToken", value: "offset-\(start + pageSize)")]
            page["next"] = ["id": next.string ?? "", "type": "OrderedCollectionPage"]
        }
        return (try? JSONSerialization.data(withJSONObject: page)) ?? Data("{}".utf8)
    }

    private static func json(_ data: Data, contentType: String = "application/json") -> Response {
        Response(
            status: .ok, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension String {
    /// The text as the fake's search compares it: without case or accents.
    fileprivate var searchKey: String {
        folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
