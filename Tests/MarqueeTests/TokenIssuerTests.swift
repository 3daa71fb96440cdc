import Foundation
import MarqueeAccounts
import MarqueeCore
import MarqueeStore
import MarqueeStoreSQL
import Testing

@Suite("Tokens: access tokens and rotating refresh tokens")
struct TokenIssuerTests {
    let key = Array("a-test-signing-key-of-at-least-32-bytes!".utf8)
    let user = UserID()

    func issuer(clock: TestClock, sessions: any SessionStore = InMemorySessionStore()) async throws -> TokenIssuer {
        try await TokenIssuer(signingKey: key, sessions: sessions, now: clock.closure)
    }

    func expectError(_ code: ErrorCode, _ body: () async throws -> Void) async {
        await #expect {
            try await body()
        } throws: { error in
            (error as? DomainError)?.code == code
        }
    }

    @Test("A session's access token names its user and session, and expires after at most 15 minutes")
    func accessToken() async throws {
        let clock = TestClock()
        let issuer = try await issuer(clock: clock)
        let tokens = try await issuer.startSession(
            for: user, requiring: SessionPrecondition(generation: 0), client: "Firefox on Linux")
        #expect(tokens.accessTokenExpiresAt == clock.now.addingTimeInterval(15 * 60))
        #expect(
            try await issuer.verify(accessToken: tokens.accessToken)
                == AccessClaims(userID: user, sessionID: tokens.sessionID))
        clock.advance(by: 15 * 60 + 1)
        await expectError(.tokenExpired) { _ = try await issuer.verify(accessToken: tokens.accessToken) }
    }

    @Test("Forged, tampered and foreign tokens are auth.invalid_token")
    func forged() async throws {
        let clock = TestClock()
        let issuer = try await issuer(clock: clock)
        let tokens = try await issuer.startSession(for: user, requiring: SessionPrecondition(generation: 0))
        var tampered = Array(tokens.accessToken)
        tampered[tampered.count - 3] = tampered[tampered.count - 3] == "A" ? "B" : "A"
        let other = try await TokenIssuer(
            signingKey: Array("another-signing-key-that-is-long-enough".utf8), sessions: InMemorySessionStore(),
            now: clock.closure)
        let foreign = try await other.startSession(for: user, requiring: SessionPrecondition(generation: 0)).accessToken
        for token in ["", "not.a.jwt", String(tampered), foreign] {
            await expectError(.invalidToken) { _ = try await issuer.verify(accessToken: token) }
        }
        await expectError(.invalidToken) { _ = try await issuer.refresh("made-up") }
    }

    @Test("Refreshing rotates; replaying an old refresh token ends the session for everyone holding it")
    func rotationAndReuse() async throws {
        let clock = TestClock()
        let issuer = try await issuer(clock: clock)
        let first = try await issuer.startSession(for: user, requiring: SessionPrecondition(generation: 0))
        clock.advance(by: 60)
        let second = try await issuer.refresh(first.refreshToken)
        #expect(second.sessionID == first.sessionID && second.refreshToken != first.refreshToken)
        #expect(try await issuer.verify(accessToken: second.accessToken).userID == user)
        clock.advance(by: TokenIssuer.refreshRetryWindow + 1)
        await expectError(.sessionEnded) { _ = try await issuer.refresh(first.refreshToken) }
        await expectError(.sessionEnded) { _ = try await issuer.refresh(second.refreshToken) }
    }

    @Test("A refresh retried within a minute (its answer lost) gets the same successor; later it ends the session")
    func retriedRefresh() async throws {
        let clock = TestClock()
        let issuer = try await issuer(clock: clock)
        let first = try await issuer.startSession(for: user, requiring: SessionPrecondition(generation: 0))
        clock.advance(by: 60)
        let second = try await issuer.refresh(first.refreshToken)
        clock.advance(by: 20)
        let retried = try await issuer.refresh(first.refreshToken)
        #expect(retried.refreshToken == second.refreshToken && retried.sessionID == first.sessionID)
        #expect(try await issuer.verify(accessToken: retried.accessToken).userID == user)
        let third = try await issuer.refresh(retried.refreshToken)
        #expect(third.refreshToken != second.refreshToken)

        // Within the window, but the successor was used since: someone else holds the chain.
        await expectError(.sessionEnded) { _ = try await issuer.refresh(first.refreshToken) }
        await expectError(.sessionEnded) { _ = try await issuer.refresh(third.refreshToken) }

        let other = try await issuer.startSession(for: user, requiring: SessionPrecondition(generation: 0))
        _ = try await issuer.refresh(other.refreshToken)
        clock.advance(by: TokenIssuer.refreshRetryWindow + 1)
        await expectError(.sessionEnded) { _ = try await issuer.refresh(other.refreshToken) }
    }

    @Test("Sessions survive a restart (SQLite) and end after 30 days without use")
    func persistence() async throws {
        let clock = TestClock()
        try await withMigratedDatabase { database in
            try await SQLUserStore(database: database).insert(UserRecord(id: user, createdAt: clock.now))
            let tokens = try await issuer(clock: clock, sessions: SQLSessionStore(database: database))
                .startSession(for: user, requiring: SessionPrecondition(generation: 0))
            clock.advance(by: 29 * 86_400)
            let restarted = try await issuer(clock: clock, sessions: SQLSessionStore(database: database))
            let renewed = try await restarted.refresh(tokens.refreshToken)
            clock.advance(by: 30 * 86_400 + 1)
            await expectError(.sessionEnded) { _ = try await restarted.refresh(renewed.refreshToken) }
        }
    }

    @Test("A short signing key is refused")
    func shortKey() async {
        await expectError(.internal) {
            _ = try await TokenIssuer(signingKey: Array("short".utf8), sessions: InMemorySessionStore())
        }
    }
}
