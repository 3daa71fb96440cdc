import Foundation
import MarqueeStore
import MarqueeStoreSQL
import MarqueeWire
import NIOCore
import NIOHTTP1
import SQLKit
import Synchronization
import Testing

/// Several real `marquee serve` processes on one PostgreSQL database, and crashes (SIGKILL) of real processes on
/// both databases.
/// Each test's time limit catches a hang, not slowness: at the start of the full suite, making each test's own
/// database has taken 40 seconds by itself, and starting two debug builds of the server 10 more.
@Suite("Several instances and crashes")
struct MultiInstanceTests {
    /// Two instances sharing a fresh PostgreSQL database (and nothing else: separate data folders, no configured
    /// token secret), started at the same moment: they migrate the empty database and make its token secret
    /// together.
    static func withTwoInstances(_ body: (ServerProcess, ServerProcess, String) async throws -> Void) async throws {
        try await TestPostgres.withDatabase { url in
            async let first = ServerProcess.start(environment: environment(url))
            async let second = ServerProcess.start(environment: environment(url))
            let (a, b) = try await (first, second)
            try await body(a, b, url)
            a.stop()
            b.stop()
        }
    }

    /// The settings of an instance on `databaseURL`. A connection is waited for 30 s rather than 5: on two cores
    /// shared with the rest of the suite, several instances starting at once can keep the database busy that long.
    static func environment(_ databaseURL: String) -> [String: String] {
        [
            "MARQUEE_DATABASE_URL": TestPostgres.adding("connect_timeout=30", to: databaseURL),
            "MARQUEE_DATA_DIR": TestSettings.makeDataDirectory(),
        ]
    }

    @Test(
        "A save through instance A reaches the person's stream on instance B; a sign-out on A ends it",
        .timeLimit(.minutes(3)))
    func crossInstanceDelivery() async throws {
        try await Self.withTwoInstances { a, b, _ in
            let (apiA, apiB) = (LoopbackClient(port: a.port), LoopbackClient(port: b.port))
            let person = try await apiA.guest()
            let stream = apiB.stream(token: person.token)
            let snapshot = try #require(await stream.next())
            #expect(snapshot.event == "snapshot")

            // How fast is for the benchmarks (bench/instances); the waits here only keep a lost event from hanging the test.
            #expect(try await apiA.saveMovie("603", token: person.token) == 201)
            let change = try #require(await stream.next(within: .seconds(10)), "no change on instance B")
            #expect(try change.seq == 1 && change.event == "change" && (change.decode(ItemChange.self).id) == "603")

            // Someone else's change on A never reaches this stream.
            let other = try await apiA.guest()
            #expect(try await apiA.saveMovie("11", token: other.token) == 201)
            #expect(try await apiA.saveMovie("12", token: person.token) == 201)
            #expect(try #require(await stream.next(within: .seconds(10))).decode(ItemChange.self).id == "12")

            // A new experience chosen through A reaches B's stream too.
            let patched = try await apiA.send(
                .PATCH, "/api/v1/me", json: #"{"experience":"art"}"#, bearer: person.token)
            #expect(patched.status == 200)
            let account = try #require(await stream.next(within: .seconds(10)), "no account event on instance B")
            #expect(account.event == "account" && account.data.contains(#""experience":"art""#), "\(account.data)")

            #expect(try await apiA.send(.POST, "/api/v1/auth/signout", bearer: person.token).status == 200)
            let end = try #require(await stream.next(within: .seconds(10)))
            #expect(end.event == "end")
            // The session is over on B too, not just cached as alive.
            #expect(try await apiB.send(.GET, "/api/v1/me/items", bearer: person.token).status == 401)
        }
    }

    @Test(
        "Sign out everywhere on A, and `marquee user delete` run against the shared database, end streams on B",
        .timeLimit(.minutes(3)))
    func endedEverywhere() async throws {
        try await Self.withTwoInstances { a, b, url in
            let (apiA, apiB) = (LoopbackClient(port: a.port), LoopbackClient(port: b.port))
            let person = try await apiA.guest()
            let stream = apiB.stream(token: person.token)
            #expect(try #require(await stream.next()).event == "snapshot")
            #expect(
                try await apiA.send(.POST, "/api/v1/auth/signout", json: #"{"everywhere":true}"#, bearer: person.token)
                    .status == 200)
            #expect(try #require(await stream.next(within: .seconds(2))).event == "end")

            let other = try await apiA.guest()
            let otherStream = apiB.stream(token: other.token)
            #expect(try #require(await otherStream.next()).event == "snapshot")
            let deleted = try await runMarquee(
                ["user", "delete", other.userID], environment: ["MARQUEE_DATABASE_URL": url], input: "delete\n")
            #expect(deleted.status == 0, "\(deleted.output)")
            #expect(try #require(await otherStream.next(within: .seconds(2))).event == "end")
            #expect(try await apiB.send(.GET, "/api/v1/me/items", bearer: other.token).status == 401)
        }
    }

    @Test(
        "SIGTERM with a live stream open: the server stops cleanly at once; the client resumes on the other instance",
        .timeLimit(.minutes(3)))
    func gracefulShutdownWithOpenStreams() async throws {
        try await Self.withTwoInstances { a, b, _ in
            let apiA = LoopbackClient(port: a.port)
            let person = try await apiA.guest()
            let stream = LoopbackClient(port: b.port).stream(token: person.token)
            _ = try #require(await stream.next())
            #expect(try await apiA.saveMovie("1", token: person.token) == 201)
            let seen = try #require(await stream.next())
            // Before streams closed themselves on shutdown, this waited for the stream forever.
            #expect(b.stop() == 0)
            // Closed, not ended: an `end` event would tell the client not to reconnect.
            #expect(await stream.next(within: .seconds(1)) == nil)
            let saved = try await apiA.send(
                .PUT, "/api/v1/me/items/favorites/movie/2", json: #"{"snapshot":{"title":"Film 2"}}"#,
                bearer: person.token)
            #expect(saved.status == 201, "\(saved.body)")
            let resumed = LoopbackClient(port: a.port).stream(token: person.token, lastEventID: seen.id)
            #expect(try #require(await resumed.next()).seq == 2)
        }
    }

    @Test("Instance B killed mid-stream and restarted: the client resumes and misses nothing", .timeLimit(.minutes(3)))
    func resumeAfterCrash() async throws {
        try await Self.withTwoInstances { a, b, url in
            let apiA = LoopbackClient(port: a.port)
            let person = try await apiA.guest()
            let stream = LoopbackClient(port: b.port).stream(token: person.token)
            _ = try #require(await stream.next())
            for id in ["1", "2"] { #expect(try await apiA.saveMovie(id, token: person.token) == 201) }
            let seen = try await stream.next(2)
            #expect(seen.map(\.seq) == [1, 2])

            b.kill()
            for id in ["3", "4", "5"] { #expect(try await apiA.saveMovie(id, token: person.token) == 201) }
            #expect(
                try await apiA.send(.DELETE, "/api/v1/me/items/favorites/movie/1", bearer: person.token).status == 200)
            let restarted = try await ServerProcess.start(environment: Self.environment(url))
            let resumed = LoopbackClient(port: restarted.port).stream(token: person.token, lastEventID: seen.last?.id)
            let missed = try await resumed.next(4)
            #expect(missed.map(\.seq) == [3, 4, 5, 6])
            #expect(try missed.map { try $0.decode(ItemChange.self).op } == [.upsert, .upsert, .upsert, .delete])
            #expect(try await apiA.saveMovie("7", token: person.token) == 201)
            #expect(try #require(await resumed.next(within: .seconds(10))).seq == 7)
            restarted.stop()
        }
    }

    @Test(
        "Notifications lost while an instance's database connections were cut are healed: its streams catch up",
        .timeLimit(.minutes(3)))
    func lostNotificationsHeal() async throws {
        try await Self.withTwoInstances { a, b, url in
            let apiA = LoopbackClient(port: a.port)
            let person = try await apiA.guest()
            let stream = LoopbackClient(port: b.port).stream(token: person.token)
            _ = try #require(await stream.next())
            #expect(try await apiA.saveMovie("1", token: person.token) == 201)
            #expect(try #require(await stream.next()).seq == 1)

            // Cut every server connection to the database (B's LISTEN among them), then save at once, while B is
            // not listening: that notification is lost.
            try await Self.cutDatabaseConnections(url)
            // The pool still holds the ended connections: the save runs on a fresh one, with no error to retry.
            let saved = try await apiA.send(
                .PUT, "/api/v1/me/items/favorites/movie/2", json: #"{"snapshot":{"title":"Film 2"}}"#,
                bearer: person.token)
            #expect(saved.status == 201, "\(saved.body)")
            let healed = try #require(await stream.next(within: .seconds(10)), "B never caught up")
            #expect(try healed.seq == 2 && (healed.decode(ItemChange.self).id) == "2")
        }
    }

    @Test(
        "A sign-out on A while B was not listening still ends B's streams as soon as B listens again",
        .timeLimit(.minutes(3)))
    func signOutDuringLostNotifications() async throws {
        try await Self.withTwoInstances { a, b, url in
            let apiA = LoopbackClient(port: a.port)
            let person = try await apiA.guest()
            let stream = LoopbackClient(port: b.port).stream(token: person.token)
            _ = try #require(await stream.next())

            try await Self.cutDatabaseConnections(url)
            let signedOut = try await apiA.send(
                .POST, "/api/v1/auth/signout", json: #"{"everywhere":true}"#, bearer: person.token)
            #expect(signedOut.status == 200, "\(signedOut.body)")
            // Well before the stream's own periodic check (every fourth heartbeat, a minute).
            let ended = try #require(
                await stream.next(within: .seconds(10)), "B's stream of the ended sign-in stayed open")
            #expect(ended.event == "end")
        }
    }

    /// Ends every server connection to the database at `url` (each instance's LISTEN among them).
    static func cutDatabaseConnections(_ url: String) async throws {
        let database = try await PostgreSQLDatabase.open(
            location: try PostgreSQLLocation(url: url), logger: TestSettings.quietLogger, waitingUpTo: .seconds(10))
        try await database.reader.raw(
            "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).run()
        await database.close()
    }

    @Test("One TMDB call for a title asked for through both instances at once", .timeLimit(.minutes(3)))
    func sharedUpstreamFetch() async throws {
        // In a process of its own: an in-process fake answers late when a full run keeps the test process busy, and
        // a call that passes its deadline is rightly made again.
        let tmdb = try await FakeTMDBProcess.start(delay: .milliseconds(300))
        defer { tmdb.stop() }
        let baseURL = tmdb.baseURL
        try await TestPostgres.withDatabase { url in
            var environment = Self.environment(url)
            environment["MARQUEE_TMDB_API_KEY"] = FakeTMDB.apiKey
            environment["MARQUEE_TMDB_BASE_URL"] = baseURL
            let a = try await ServerProcess.start(environment: environment)
            environment["MARQUEE_DATA_DIR"] = TestSettings.makeDataDirectory()
            let b = try await ServerProcess.start(environment: environment)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for port in [a.port, b.port, a.port, b.port] {
                    group.addTask { try await LoopbackClient(port: port).send(.GET, "/api/v1/movies/9001").status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses == [200, 200, 200, 200])
            #expect(tmdb.callCount("/3/movie/9001") == 1, "\(tmdb.calls)")
            a.stop()
            b.stop()
        }
    }

    @Test("SQLite: every save answered before a SIGKILL is there after restart", .timeLimit(.minutes(3)))
    func crashDurabilitySQLite() async throws {
        try await Self.burstThenKill(environment: ["MARQUEE_DATA_DIR": TestSettings.makeDataDirectory()])
    }

    @Test("PostgreSQL: every save answered before a SIGKILL is there after restart", .timeLimit(.minutes(3)))
    func crashDurabilityPostgres() async throws {
        try await TestPostgres.withDatabase { url in try await Self.burstThenKill(environment: Self.environment(url)) }
    }

    /// Saves from 16 connections at once, kills the server after 150 answered saves, restarts it on the same
    /// storage and checks every answered save is there.
    static func burstThenKill(environment: [String: String]) async throws {
        let server = try await ServerProcess.start(environment: environment)
        let api = LoopbackClient(port: server.port)
        let person = try await api.guest()
        let acknowledged = Acknowledged()
        await withTaskGroup { group in
            for worker in 0..<16 {
                group.addTask {
                    for n in 0..<1_000 {
                        let id = String(worker * 1_000 + n + 1)
                        // A short deadline: once the server is gone, the client would otherwise retry connecting until it.
                        guard (try? await api.saveMovie(id, token: person.token, timeout: .seconds(3))) == 201 else {
                            return
                        }
                        let count = acknowledged.ids.withLock {
                            $0.insert(id)
                            return $0.count
                        }
                        if count == 150 { server.kill() }
                    }
                }
            }
        }
        let answered = acknowledged.ids.withLock { $0 }
        #expect(answered.count >= 150)
        let restarted = try await ServerProcess.start(environment: environment)
        let stored = try await LoopbackClient(port: restarted.port).savedIDs(token: person.token)
        #expect(answered.subtracting(stored).isEmpty, "lost \(answered.subtracting(stored).count) answered saves")
        restarted.stop()
    }
}

/// Saves the server answered with success.
private final class Acknowledged: Sendable {
    let ids = Mutex<Set<String>>([])
}
