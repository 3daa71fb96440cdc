import Foundation
import Testing

@testable import MarqueeKit

/// What a `SessionManager` makes of its storage, and the storages themselves.
@Suite struct SessionStorageTests {
    /// A storage that cannot be read until it is unlocked, and counts what was asked of it.
    actor LockedStorage: SessionStorage {
        var session: StoredSession?
        var unlocked = false
        private(set) var removals = 0

        init(_ session: StoredSession?) {
            self.session = session
        }

        func unlock() { unlocked = true }

        func load() throws -> StoredSession? {
            guard unlocked else { throw MarqueeError.storageUnavailable }
            return session
        }

        func save(_ session: StoredSession) { self.session = session }

        func remove() {
            removals += 1
            session = nil
        }
    }

    @Test func unreadableStorageIsNotASignOut() async throws {
        let stored = ClientFixtures.session(access: "a1", refresh: "r1")
        let storage = LockedStorage(stored)
        let sessions = SessionManager(storage: storage, now: { ClientFixtures.now })
        await #expect(throws: MarqueeError.storageUnavailable) {
            try await sessions.restore()
        }
        await #expect(throws: MarqueeError.storageUnavailable) {
            try await sessions.accessToken()
        }
        #expect(await sessions.state == .unknown)
        #expect(await storage.removals == 0)
        await storage.unlock()
        #expect(try await sessions.restore() == .signedIn(stored, expired: false))
        #expect(try await sessions.accessToken() == "a1")
    }

    @Test func emptyStorageIsSignedOut() async throws {
        let sessions = SessionManager(storage: MemorySessionStorage(), now: { ClientFixtures.now })
        #expect(try await sessions.restore() == .signedOut)
        await #expect(throws: MarqueeError.signedOut) {
            try await sessions.accessToken()
        }
        #expect(await sessions.userID() == nil)
    }

    @Test func authStateStartsWithTheStateNowAndFollowsIt() async throws {
        let expired = ClientFixtures.session(access: "a1", refresh: "r1", expiresIn: -60)
        let sessions = SessionManager(storage: MemorySessionStorage(expired), now: { ClientFixtures.now })
        let states = await sessions.authState
        var seen: [AuthState] = []
        for await state in states {
            seen.append(state)
            if state != .unknown { break }
        }
        // `.unknown` may be overtaken by the loaded state before it is read: only the latest state is kept.
        #expect(seen.last == .signedIn(expired, expired: true))
        #expect(seen.dropLast().allSatisfy { $0 == .unknown })

        var later = await sessions.authState.makeAsyncIterator()
        #expect(await later.next() == .signedIn(expired, expired: true))
        try await sessions.signOut()
        #expect(await later.next() == .signedOut)
    }

    @Test func fileStorageKeepsTheSessionForItsOwnerOnly() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "marquee-kit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = FileSessionStorage(url: directory.appendingPathComponent("session.json"))
        #expect(try await storage.load() == nil)

        let first = ClientFixtures.session(access: "a1", refresh: "r1")
        let second = ClientFixtures.session(access: "a2", refresh: "r2")
        try await storage.save(first)
        try await storage.save(second)
        #expect(try await storage.load() == second)
        let attributes = try FileManager.default.attributesOfItem(atPath: storage.url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        // Only the session file is left: each save's new file was renamed over it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["session.json"])

        try await storage.remove()
        try await storage.remove()
        #expect(try await storage.load() == nil)
    }

    @Test func fileStorageThatCannotBeReadSaysSo() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "marquee-kit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A directory where the file should be: it exists, and cannot be read as a session.
        let storage = FileSessionStorage(url: directory)
        await #expect(throws: MarqueeError.storageUnavailable) {
            try await storage.load()
        }
    }

    @Test func descriptionsLeaveTheTokensOut() {
        let session = ClientFixtures.session(access: "secret-access", refresh: "secret-refresh")
        for text in [
            String(describing: session), String(reflecting: session), "\(AuthState.signedIn(session, expired: false))",
        ] {
            #expect(!text.contains("secret-access"))
            #expect(!text.contains("secret-refresh"))
        }
    }
}
