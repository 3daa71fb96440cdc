import Foundation
import MarqueeCore
import NIOCore
import NIOHTTP1
import NIOPosix
import SQLKit
import Synchronization
import Testing

@testable import MarqueeStore
@testable import MarqueeStoreSQL

/// How Marquee connects to PostgreSQL: TLS as the URL asks, and what people see while the server is down.
@Suite("PostgreSQL connections: TLS and outages")
struct PostgresConnectionTests {
    /// The test server's port, and its URL with `host` and `query`.
    static func url(host: String, query: String) throws -> String {
        let server = try #require(URLComponents(string: try TestPostgres.serverURL()))
        // A long connect timeout: on 2 busy cores (the whole suite running) a TLS handshake took longer than the
        // default 5 s, and this test is about which connections are TLS, not how fast they open.
        return "postgres://postgres@\(host):\(try #require(server.port))/postgres?connect_timeout=60&\(query)"
    }

    /// Whether the connection `url` opens runs over TLS (as the server sees it).
    static func usesTLS(_ url: String) async throws -> Bool {
        let database = try await PostgreSQLDatabase.open(
            location: try PostgreSQLLocation(url: url), logger: TestSettings.quietLogger, waitingUpTo: .zero)
        defer { Task { await database.close() } }
        return try await database.reader.raw("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").first()?
            .decode(column: "ssl", as: Bool.self) ?? false
    }

    @Test(
        "sslmode: disable is plain; require and verify-full (with the server's CA) are TLS; verify-full without the CA fails, saying why"
    )
    func tlsModes() async throws {
        let ca = try #require(ProcessInfo.processInfo.environment["MARQUEE_TEST_POSTGRES_CA"], "run ./scripts/test")
        #expect(try await !Self.usesTLS(try Self.url(host: "127.0.0.1", query: "sslmode=disable")))
        #expect(try await Self.usesTLS(try Self.url(host: "127.0.0.1", query: "sslmode=require")))
        #expect(try await Self.usesTLS(try Self.url(host: "localhost", query: "sslmode=verify-full&sslrootcert=\(ca)")))
        await #expect {
            _ = try await Self.usesTLS(try Self.url(host: "localhost", query: "sslmode=verify-full"))
        } throws: { error in
            (error as? PostgreSQLUnreachable)?.reason.lowercased().contains("certificate") == true
        }
    }

    @Test(
        "While PostgreSQL is down requests answer 503 storage.unavailable at once, never hang; service resumes with it",
        .timeLimit(.minutes(2)))
    func outage() async throws {
        let server = try await PrivatePostgres.start()
        defer { server.stop() }
        let marquee = try await ServerProcess.start(environment: [
            "MARQUEE_DATABASE_URL": TestPostgres.adding("connect_timeout=2", to: server.url),
            "MARQUEE_DATA_DIR": TestSettings.makeDataDirectory(),
        ])
        let api = LoopbackClient(port: marquee.port)
        let person = try await api.guest()
        #expect(try await api.saveMovie("603", token: person.token) == 201)

        try await server.pause()
        let started = ContinuousClock.now
        let save = try await api.send(
            .PUT, "/api/v1/me/items/favorites/movie/604", json: #"{"snapshot":{"title":"Film"}}"#, bearer: person.token,
            timeout: .seconds(20))
        #expect(save.status == 503, "\(save.body)")
        #expect(save.errorCode == "storage.unavailable")
        #expect(ContinuousClock.now - started < .seconds(10))
        // Readiness answers rather than hangs: it waits at most a second for a connection. The bound is the save's,
        // well past that second: in the full suite a loaded machine has taken five to answer.
        let askedReady = ContinuousClock.now
        #expect(try await api.send(.GET, "/readyz", timeout: .seconds(20)).status == 503)
        #expect(ContinuousClock.now - askedReady < .seconds(10))

        try await server.resume()
        // Ready again once the pool has a connection: readiness is the server's own word for it, and each answer
        // that is not yet takes up to its one-second lease. Then one save goes through.
        let back = ContinuousClock.now
        while try await api.send(.GET, "/readyz", timeout: .seconds(20)).status != 200 {
            try #require(ContinuousClock.now - back < .seconds(60), "never ready again")
        }
        let resumed = try await api.send(
            .PUT, "/api/v1/me/items/favorites/movie/605", json: #"{"snapshot":{"title":"Film"}}"#, bearer: person.token,
            timeout: .seconds(20))
        #expect(resumed.status == 201, "\(resumed.body)")
        #expect(try await api.savedIDs(token: person.token) == ["603", "605"])
        marquee.stop()
    }
}

/// A PostgreSQL server of the test's own (`scripts/postgres-start`), for tests that stop it.
struct PrivatePostgres {
    let url: String
    private let commands: [String: String]

    static func start() async throws -> PrivatePostgres {
        let script = ServerProcess.binary.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/postgres-start")
        let (status, output) = try await run(script.path)
        guard status == 0 else { throw PrivatePostgresFailed(output: output) }
        var commands: [String: String] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix("export ") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            var value = line[line.index(after: equals)...]
            if let quote = value.first, quote == "'" || quote == "\"", value.last == quote {
                value = value.dropFirst().dropLast()
            }
            commands[String(line.dropFirst("export ".count)[..<equals])] = String(value)
        }
        return PrivatePostgres(url: try #require(commands["MARQUEE_TEST_POSTGRES_URL"]), commands: commands)
    }

    /// Stops the server at once (as a crash would), keeping its data.
    func pause() async throws { try await shell("MARQUEE_TEST_POSTGRES_PAUSE") }
    /// Starts it again on the same port and data.
    func resume() async throws { try await shell("MARQUEE_TEST_POSTGRES_RESUME") }
    /// Stops it and removes its folder.
    /// Blocks: it runs in `defer`, once, at the end of the test.
    func stop() {
        guard let command = commands["MARQUEE_TEST_POSTGRES_STOP"] else { return }
        (try? Self.launch(command, output: nil))?.waitUntilExit()
    }

    private func shell(_ name: String) async throws {
        let process = try Self.launch(try #require(commands[name]), output: nil)
        guard await process.exited() == 0 else { throw PrivatePostgresFailed(output: "\(name) failed") }
    }

    private static func run(_ path: String) async throws -> (Int32, String) {
        let output = Pipe()
        let process = try launch(path, output: output)
        let data = await offThePool { output.fileHandleForReading.readDataToEndOfFile() }
        return (await process.exited(), String(decoding: data, as: UTF8.self))
    }

    /// Runs a shell command. The child keeps none of this process's other descriptors, so the PostgreSQL server it
    /// starts lives on without holding this process's pipes (other tests' included) open.
    private static func launch(_ command: String, output: Pipe?) throws -> ChildProcess {
        // The script's diagnostics (initdb, the server log) go to the test log.
        let process = try ChildProcess.launch(
            "/bin/sh", ["-c", command],
            stdout: output.map { .descriptor($0.fileHandleForWriting.fileDescriptor) } ?? .null)
        try output?.fileHandleForWriting.close()
        return process
    }
}

struct PrivatePostgresFailed: Error, CustomStringConvertible {
    let output: String
    var description: String { "scripts/postgres-start failed: \(output)" }
}

/// What Marquee does when PostgresNIO never answers a statement whose connection closed under it.
@Suite("PostgreSQL: a statement lost with its connection")
struct LostStatementTests {
    // The bound is the time limit: how soon is the watchdog's grace, not something a loaded machine can promise.
    @Test(
        "The statement ends with storage.unavailable soon after the connection closes, instead of never",
        .timeLimit(.minutes(1)))
    func lostStatement() async throws {
        let closed = Atomic(false)
        let waiting = Task {
            try await PostgresConnections.untilClosed({ closed.load(ordering: .relaxed) }, grace: .milliseconds(50)) {
                // What a statement written as its connection closes does in PostgresNIO 1.33: never answers.
                try await Task.sleep(for: .seconds(3_600))
            }
        }
        try await Task.sleep(for: .milliseconds(20))
        closed.store(true, ordering: .relaxed)
        let error = await #expect(throws: (any Error).self) { try await waiting.value }
        #expect(error.flatMap(PostgresConnections.unavailable)?.code == .storageUnavailable)
    }

    @Test("A statement that answers in time is not reported lost when its connection closes just after")
    func answeredStatement() async throws {
        let closed = Atomic(false)
        let isClosed: @Sendable () -> Bool = { closed.load(ordering: .relaxed) }
        let answer = try await PostgresConnections.untilClosed(isClosed, grace: .milliseconds(200)) {
            closed.store(true, ordering: .relaxed)
            try await Task.sleep(for: .milliseconds(20))
            return "committed"
        }
        #expect(answer == "committed")
    }
}
