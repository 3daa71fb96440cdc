import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How calls become requests, and answers become values or `MarqueeError`s.
@Suite struct ClientRequestTests {
    @Test func errorBodyBecomesServerError() async throws {
        let transport = ClientScriptedTransport { _ in .error(404, "catalog.not_found", requestID: "req-42") }
        let (client, _, _) = ClientFixtures.client(transport)
        await #expect(
            throws: MarqueeError.server(
                code: "catalog.not_found", message: "Refused: catalog.not_found.", status: 404, requestID: "req-42",
                retryAfter: nil)
        ) {
            try await client.movie(id: 603)
        }
    }

    @Test func retryAfterIsReadIntoTheError() async throws {
        let transport = ClientScriptedTransport { _ in .error(429, "auth.too_many_attempts", retryAfter: 17) }
        let (client, _, _) = ClientFixtures.client(transport)
        let error = await #expect(throws: MarqueeError.self) {
            try await client.signIn(email: "a@b.com", password: "Secret123")
        }
        #expect(error?.code == "auth.too_many_attempts")
        guard case .server(_, _, 429, _, let retryAfter) = error else {
            Issue.record("expected a 429 server error, got \(String(describing: error))")
            return
        }
        #expect(retryAfter == 17)
    }

    @Test func answerThatIsNotTheErrorBodyKeepsItsStatus() async throws {
        let transport = ClientScriptedTransport { _ in
            .init(status: 500, headers: ["Content-Type": "text/html"], body: Data("<h1>Oops</h1>".utf8))
        }
        let (client, _, _) = ClientFixtures.client(transport)
        await #expect(throws: MarqueeError.unreadableResponse(status: 500)) {
            try await client.genres()
        }
    }

    @Test func successThatCannotBeReadIsUnreadable() async throws {
        let transport = ClientScriptedTransport { _ in .init(status: 200, body: Data("[]".utf8)) }
        let (client, _, _) = ClientFixtures.client(transport)
        await #expect(throws: MarqueeError.unreadableResponse(status: 200)) {
            try await client.home()
        }
    }

    @Test func transportFailureIsOffline() async throws {
        let transport = ClientScriptedTransport { _ in throw URLError(.notConnectedToInternet) }
        let (client, _, _) = ClientFixtures.client(transport)
        await #expect(throws: MarqueeError.offline) {
            try await client.requestPasswordReset(email: "a@b.com")
        }
    }

    @Test func pathsAndQueriesAreEscaped() async throws {
        let transport = ClientScriptedTransport { request in
            request.route.hasPrefix("DELETE ")
                ? .json(
                    ItemChange(
                        seq: 1, op: .delete, list: .favorites, kind: .artwork, id: "SK:C/5", item: nil,
                        at: ClientFixtures.now))
                : .json(Page<MediaSummary>(page: 1, results: [], totalPages: 1, totalResults: 0))
        }
        let storage = MemorySessionStorage(ClientFixtures.session(access: "a1", refresh: "r1"))
        let (client, _, _) = ClientFixtures.client(transport, storage: storage)
        _ = try await client.search("R&B + soul", year: 1999)
        _ = try await client.remove(list: .favorites, kind: .artwork, id: "SK:C/5")
        let urls = await transport.requests.map { $0.url }
        #expect(
            urls == [
                "https://marquee.test/api/v1/search?q=R%26B%20%2B%20soul&type=multi&year=1999&page=1",
                "https://marquee.test/api/v1/me/items/favorites/artwork/SK%3AC%2F5",
            ])
    }

    @Test func signedInCallsCarryTheTokenAndSnakeCaseBodies() async throws {
        let transport = ClientScriptedTransport { _ in
            .json(
                ItemChange(
                    seq: 2, op: .upsert, list: .watchlist, kind: .movie, id: "603", item: nil, at: ClientFixtures.now))
        }
        let storage = MemorySessionStorage(ClientFixtures.session(access: "a1", refresh: "r1"))
        let (client, _, _) = ClientFixtures.client(transport, storage: storage)
        _ = try await client.save(
            list: .watchlist, kind: .movie, id: "603",
            SavedItemEdit(
                snapshot: ItemSnapshot(title: "The Matrix", imageURL: "https://img/1.jpg"), note: .clear,
                rating: .set(9)))
        let request = try #require(await transport.requests.first)
        #expect(request.route == "PUT /api/v1/me/items/watchlist/movie/603")
        #expect(request.bearer == "a1")
        #expect(request.header("Content-Type") == "application/json")
        let body = try #require(request.json)
        #expect(Set(body.keys) == ["snapshot", "note", "rating"])
        #expect(body["note"] is NSNull)
        #expect(body["rating"] as? Int == 9)
        #expect((body["snapshot"] as? [String: Any])?["image_url"] as? String == "https://img/1.jpg")
    }

    @Test func signedInCallWithoutSessionSendsNothing() async throws {
        let transport = ClientScriptedTransport { _ in .json(ClientFixtures.account()) }
        let (client, _, _) = ClientFixtures.client(transport)
        await #expect(throws: MarqueeError.signedOut) {
            try await client.me()
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test func signInStoresTheSessionAndTakesTheGuestAlong() async throws {
        let transport = ClientScriptedTransport { _ in
            ClientFixtures.sessionAnswer(access: "a2", refresh: "r2", user: ClientFixtures.account("user-2"))
        }
        let storage = MemorySessionStorage(
            ClientFixtures.session("guest-1", access: "g1", refresh: "gr1", type: "guest"))
        let (client, sessions, _) = ClientFixtures.client(transport, storage: storage)
        let account = try await client.signIn(email: "a@b.com", password: "Secret123")
        #expect(account.id == "user-2")
        let request = try #require(await transport.requests.first)
        #expect(request.bearer == "g1")
        #expect(request.json?["session"] as? String == "tokens")
        let stored = try #require(await storage.load())
        #expect(stored.userID == "user-2")
        #expect(stored.accessToken == "a2")
        #expect(stored.refreshToken == "r2")
        #expect(stored.accessTokenExpiresAt == ClientFixtures.now.addingTimeInterval(900))
        #expect(stored.signedInAt == ClientFixtures.now)
        #expect(await sessions.state == .signedIn(stored, expired: false))
    }

    @Test func signOutForgetsTheSessionEvenOffline() async throws {
        let transport = ClientScriptedTransport { _ in throw URLError(.timedOut) }
        let storage = MemorySessionStorage(ClientFixtures.session(access: "a1", refresh: "r1"))
        let (client, sessions, _) = ClientFixtures.client(transport, storage: storage)
        await #expect(throws: MarqueeError.offline) {
            try await client.signOut()
        }
        #expect(await storage.load() == nil)
        #expect(await sessions.state == .signedOut)
    }
}
