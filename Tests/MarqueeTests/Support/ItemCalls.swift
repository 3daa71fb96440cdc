import Foundation
import HTTPTypes
import MarqueeWire
import Testing

/// The saved-items API as a client calls it.
extension AccountHarness {
    /// A new guest's access token and user id.
    func guest() async throws -> Session {
        let response = try await call("/api/v1/auth/guest")
        #expect(response.status == .created, "\(response.text)")
        return try Session(response)
    }

    /// `PUT /api/v1/me/items/{list}/{kind}/{id}` with a snapshot titled `title` plus `fields`.
    @discardableResult
    func save(
        _ session: Session, _ path: String, title: String? = nil, _ fields: [String: any Sendable] = [:]
    ) async throws -> TestResponse {
        var body = fields
        if let title { body["snapshot"] = ["title": title] }
        return try await call("/api/v1/me/items/\(path)", body, method: .put, bearer: session.accessToken)
    }

    /// A GET with the session's token, as a JSON object.
    /// `GET path` as `session`, decoded as the wire type it answers with.
    func get<T: Decodable>(_ session: Session, _ path: String, as type: T.Type) async throws -> T {
        let response = try await call(path, method: .get, bearer: session.accessToken)
        #expect(response.status == .ok, "\(path): \(response.text)")
        return try response.decode(T.self)
    }

    /// The ids of a list page's results, in order.
    func ids(_ session: Session, _ query: String) async throws -> [String] {
        try await get(session, "/api/v1/me/items\(query)", as: ItemPage.self).results.map(\.id)
    }

    /// Every id of a list query, page after page by `next_cursor` (at most 100 pages), and the totals the pages gave.
    func pagedIDs(_ session: Session, _ query: String) async throws -> (ids: [String], totals: Set<Int>) {
        var (ids, totals) = ([String](), Set<Int>())
        var cursor: String?
        for _ in 0..<100 {
            let page = try await get(
                session, "/api/v1/me/items\(query)" + (cursor.map { "&cursor=\($0)" } ?? ""), as: ItemPage.self)
            ids += page.results.map(\.id)
            totals.insert(page.totalResults)
            cursor = page.nextCursor
            if cursor == nil { break }
        }
        return (ids, totals)
    }

    /// Opens a live stream for the session.
    func stream(_ session: Session, lastEventID: String? = nil, query: String = "") -> EventStreamClient {
        EventStreamClient.open(port: port, bearer: session.accessToken, lastEventID: lastEventID, query: query)
    }
}

extension AccountHarness.Session {
    init(accessToken: String, refreshToken: String, userID: String) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.userID = userID
    }
}
