import Foundation
import Testing

/// `Tests/support/fake-tmdb.py`: TMDB's movie 9001 served by a process of its own, so that its answers come in time
/// even while the test process is too busy to answer an in-process fake (`FakeTMDB`) promptly.
struct FakeTMDBProcess {
    let baseURL: String
    private let directory: String
    private let process: ChildProcess

    /// Starts the fake, answering after `delay`.
    static func start(delay: Duration) async throws -> FakeTMDBProcess {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let installed = packageRoot.appendingPathComponent(".build/test-tools/bin/python").path
        let python = try #require(
            ProcessInfo.processInfo.environment["MARQUEE_TEST_PYTHON"]
                ?? (FileManager.default.isExecutableFile(atPath: installed) ? installed : "python3"))
        let directory = TestSettings.makeDataDirectory()
        let process = try ChildProcess.launch(
            python,
            [
                packageRoot.appendingPathComponent("Tests/support/fake-tmdb.py").path, "--dir", directory,
                "--fixtures", packageRoot.appendingPathComponent("Tests/MarqueeTests/Fixtures/tmdb").path,
                "--api-key", FakeTMDB.apiKey, "--delay-ms", String(Int(delay / .milliseconds(1))),
            ])
        let port = try await DirectoryWatcher.waitFor(in: directory, timeout: .seconds(60)) {
            (try? String(contentsOfFile: directory + "/port", encoding: .utf8)).flatMap { Int($0) }
        }
        guard let port else {
            process.signal(SIGKILL)
            throw FakeDidNotStart()
        }
        return FakeTMDBProcess(baseURL: "http://127.0.0.1:\(port)/3", directory: directory, process: process)
    }

    /// How many requests for `path` (`/3/movie/9001`) it has had.
    func callCount(_ path: String) -> Int {
        let calls = (try? String(contentsOfFile: directory + "/calls", encoding: .utf8)) ?? ""
        return calls.split(separator: "\n").filter { $0 == path }.count
    }

    /// Every path requested, in order.
    var calls: [String] {
        ((try? String(contentsOfFile: directory + "/calls", encoding: .utf8)) ?? "").split(separator: "\n").map(
            String.init)
    }

    func stop() {
        process.signal(SIGKILL)
        process.waitUntilExit()
    }

    struct FakeDidNotStart: Error {}
}
