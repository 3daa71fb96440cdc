import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Renewing the session: once for many callers, never twice by itself, dropped when it comes too late, and the
/// session kept unless the server ended it.
@Suite struct SessionRenewalTests {
    static let refresh = "POST /api/v1/auth/refresh"
    static let me = "GET /api/v1/me"

    @Test func concurrentRejectionsShareOneRefresh() async throws {
        let rejected = ClientCounter()
        let allRejected = ClientGate()
        let transport = ClientScriptedTransport { request in
            switch (request.route, request.bearer) {
            case (Self.refresh, _):
                // Answered only once every call has met its 401, so that all of them want a renewal at once.
                try await allRejected.wait()
                return ClientFixtures.sessionAnswer(access: "new", refresh: "r2")
            case (Self.me, "new"?):
                return .json(ClientFixtures.account())
            default:
                if await rejected.increment() == 10 { await allRejected.open() }
                return .error(401, "auth.token_expired")
            }
        }
        let storage = MemorySessionStorage(ClientFixtures.session(access: "old", refresh: "r1"))
        let (client, _, _) = ClientFixtures.client(transport, storage: storage)
        let accounts = try await withThrowingTaskGroup(of: Account.self) { group in
            for _ in 0..<10 { group.addTask { try await client.me() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(accounts.count == 10)
        #expect(await transport.requests(to: Self.refresh).count == 1)
        #expect(await transport.requests(to: Self.me).filter { $0.bearer == "new" }.count == 10)
        #expect(await storage.load()?.refreshToken == "r2")
    }

    @Test func expiredTokenIsRenewedBeforeTheCall() async throws {
        let transport = ClientScriptedTransport { request in
            request.route == Self.refresh
                ? ClientFixtures.sessionAnswer(access: "new", refresh: "r2") : .json(ClientFixtures.account())
        }
        var session = ClientFixtures.session(access: "old", refresh: "r1", expiresIn: -5)
        session.signedInAt = Date(timeIntervalSince1970: 1_700_000_000)
        let storage = MemorySessionStorage(session)
        let (client, _, _) = ClientFixtures.client(transport, storage: storage)
        _ = try await client.me()
        #expect(await storage.load()?.signedInAt == session.signedInAt, "a renewal is not a sign-in")
        let requests = await transport.requests
        #expect(requests.map(\.route) == [Self.refresh, Self.me])
        #expect(requests.first?.json?["refresh_token"] as? String == "r1")
        #expect(requests.first?.bearer == nil)
        #expect(requests.last?.bearer == "new")
    }

    @Test func secondRejectionIsNotRenewedAgain() async throws {
        let transport = ClientScriptedTransport { request in
            request.route == Self.refresh
                ? ClientFixtures.sessionAnswer(access: "new", refresh: "r2") : .error(401, "auth.invalid_token")
        }
        let storage = MemorySessionStorage(ClientFixtures.session(access: "old", refresh: "r1"))
        let (client, _, _) = ClientFixtures.client(transport, storage: storage)
        let error = await #expect(throws: MarqueeError.self) {
            try await client.me()
        }
        #expect(error?.code == "auth.invalid_token")
        #expect(await transport.requests.map(\.route) == [Self.me, Self.refresh, Self.me])
    }

    @Test func wrongPasswordIsNotATokenRejection() async throws {
        let transport = ClientScriptedTransport { _ in .error(401, "auth.invalid_credentials") }
        let storage = MemorySessionStorage(ClientFixtures.session(access: "old", refresh: "r1"))
        let (client, _, _) = ClientFixtures.client(transport, storage: storage)
        let error = await #expect(throws: MarqueeError.self) {
            try await client.changePassword(current: "Wrong123", new: "Better123")
        }
        #expect(error?.code == "auth.invalid_credentials")
        #expect(await transport.requests.map(\.route) == ["POST /api/v1/auth/password/change"])
    }

    @Test func renewalThatEndsAfterSignOutIsDropped() async throws {
        let answerRefresh = ClientGate()
        let transport = ClientScriptedTransport { request in
            guard request.route == Self.refresh else { return .error(401, "auth.token_expired") }
            try await answerRefresh.wait()
            return ClientFixtures.sessionAnswer(access: "new", refresh: "r2")
        }
        let storage = MemorySessionStorage(ClientFixtures.session(access: "old", refresh: "r1"))
        let (client, sessions, _) = ClientFixtures.client(transport, storage: storage)
        let call = Task { try await client.me() }
        for await request in transport.arrivals where request.route == Self.refresh { break }
        try await sessions.signOut()
        await answerRefresh.open()
        await #expect(throws: MarqueeError.signedOut) {
            try await call.value
        }
        #expect(await sessions.state == .signedOut)
        #expect(await storage.load() == nil)
    }

    @Test func renewalThatEndsAfterAnotherSignInIsDropped() async throws {
        let answerRefresh = ClientGate()
        let transport = ClientScriptedTransport { request in
            switch request.route {
            case Self.refresh:
                try await answerRefresh.wait()
                return ClientFixtures.sessionAnswer(access: "new", refresh: "r2")
            case "POST /api/v1/auth/signin":
                return ClientFixtures.sessionAnswer(
                    access: "b1", refresh: "br1", user: ClientFixtures.account("user-2"))
            default:
                return .error(401, "auth.token_expired")
            }
        }
        let storage = MemorySessionStorage(ClientFixtures.session(access: "old", refresh: "r1"))
        let (client, sessions, _) = ClientFixtures.client(transport, storage: storage)
        let call = Task { try await client.me() }
        for await request in transport.arrivals where request.route == Self.refresh { break }
        try await client.signIn(email: "b@b.com", password: "Secret123")
        await answerRefresh.open()
        await #expect(throws: MarqueeError.signedOut) {
            try await call.value
        }
        let stored = try #require(await storage.load())
        #expect(stored.userID == "user-2")
        #expect(stored.refreshToken == "br1")
        #expect(await sessions.state == .signedIn(stored, expired: false))
        #expect(await transport.requests(to: Self.me).count == 1)
    }

    @Test func spentRefreshTokenRereadsTheStorage() async throws {
        let transport = ClientScriptedTransport { request in
            switch (request.route, request.bearer) {
            case (Self.refresh, _): return .error(401, "auth.session_ended")
            case (Self.me, "fresh"?): return .json(ClientFixtures.account())
            default: return .error(401, "auth.token_expired")
            }
        }
        let storage = MemorySessionStorage(ClientFixtures.session(access: "old", refresh: "r1"))
        let (client, sessions, _) = ClientFixtures.client(transport, storage: storage)
        try await sessions.restore()
        // Another process sharing the storage (an app extension) renewed the session first.
        let renewedElsewhere = ClientFixtures.session(access: "fresh", refresh: "r2")
        await storage.save(renewedElsewhere)
        _ = try await client.me()
        #expect(await transport.requests(to: Self.refresh).count == 1)
        #expect(await transport.requests.last?.bearer == "fresh")
        #expect(await sessions.state == .signedIn(renewedElsewhere, expired: false))
    }

    @Test func refreshTurnedDownEndsTheSession() async throws {
        let transport = ClientScriptedTransport { request in
            request.route == Self.refresh ? .error(401, "auth.session_ended") : .error(401, "auth.token_expired")
        }
        let storage = MemorySessionStorage(ClientFixtures.session(access: "old", refresh: "r1"))
        let (client, sessions, _) = ClientFixtures.client(transport, storage: storage)
        await #expect(throws: MarqueeError.signedOut) {
            try await client.me()
        }
        #expect(await storage.load() == nil)
        #expect(await sessions.state == .signedOut)
    }

    @Test(arguments: [
        ClientScriptedTransport.Answer?.none, .error(503, "storage.unavailable"), .error(429, "auth.too_many_attempts"),
    ])
    func refreshThatFailsForNowKeepsTheSession(answer: ClientScriptedTransport.Answer?) async throws {
        let transport = ClientScriptedTransport { request in
            guard request.route == Self.refresh, let answer else { throw URLError(.notConnectedToInternet) }
            return answer
        }
        let expired = ClientFixtures.session(access: "old", refresh: "r1", expiresIn: -5)
        let storage = MemorySessionStorage(expired)
        let (client, sessions, _) = ClientFixtures.client(transport, storage: storage)
        let error = await #expect(throws: MarqueeError.self) {
            try await client.me()
        }
        #expect(error != .signedOut)
        if answer == nil { #expect(error == .offline) }
        #expect(await transport.requests.map(\.route) == [Self.refresh])
        #expect(await storage.load() == expired)
        #expect(await sessions.state == .signedIn(expired, expired: true))
    }
}
