import Foundation
import Testing

/// A real SMTP server (aiosmtpd, in its own process, on loopback) that writes what it receives into a folder.
/// `./scripts/test` installs it and names its Python in `MARQUEE_TEST_PYTHON`.
final class SMTPSink: Sendable {
    let port: Int
    let mailbox: Mailbox
    private let process: ChildProcess

    struct Options {
        var tls = false
        var auth: String?
    }

    /// Certificate and key for `localhost`/127.0.0.1 (made once per test run with openssl).
    static let certificate: (cert: String, key: String) = {
        let dir = NSTemporaryDirectory() + "marquee-tests/smtp-tls-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let (cert, key) = (dir + "/cert.pem", dir + "/key.pem")
        let openssl = try? ChildProcess.launch(
            "openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", cert,
            ],
            stdout: .null, stderr: .null)
        openssl?.waitUntilExit()
        return (cert, key)
    }()

    private init(port: Int, mailbox: Mailbox, process: ChildProcess) {
        self.port = port
        self.mailbox = mailbox
        self.process = process
    }

    static func start(_ options: Options = Options()) async throws -> SMTPSink {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let installed = packageRoot.appendingPathComponent(".build/test-tools/bin/python").path
        let python = try #require(
            ProcessInfo.processInfo.environment["MARQUEE_TEST_PYTHON"]
                ?? (FileManager.default.isExecutableFile(atPath: installed) ? installed : nil),
            "Run the tests with ./scripts/test: it installs the SMTP server these tests deliver to.")
        let script = packageRoot.appendingPathComponent("Tests/support/smtp-sink.py").path
        let dir = TestSettings.makeDataDirectory()
        let portFile = dir + "/port"
        let maildir = dir + "/mail"
        try FileManager.default.createDirectory(atPath: maildir, withIntermediateDirectories: true)
        var arguments = [script, "--dir", maildir, "--port-file", portFile]
        if options.tls {
            let (cert, key) = await offThePool { certificate }
            arguments += ["--tls-cert", cert, "--tls-key", key]
        }
        if let auth = options.auth { arguments += ["--auth", auth] }
        _ = FileManager.default.createFile(atPath: dir + "/sink.log", contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/sink.log"))
        let process = try ChildProcess.launch(
            python, arguments, stdout: .descriptor(log.fileDescriptor), stderr: .descriptor(log.fileDescriptor))
        try log.close()
        // Generous: at the start of a full run a dozen suites start their sinks at once on two cores.
        let port = try await DirectoryWatcher.waitFor(in: dir, timeout: .seconds(60)) {
            (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap { Int($0) }
        }
        if let port { return SMTPSink(port: port, mailbox: Mailbox(directory: maildir), process: process) }
        process.signal(SIGKILL)
        throw SinkError.didNotStart
    }

    func stop() {
        process.signal(SIGKILL)
        process.waitUntilExit()
    }

    enum SinkError: Error { case didNotStart }
}

/// Runs `body` with a fresh SMTP sink, stopping it afterwards.
func withSMTPSink<T>(_ options: SMTPSink.Options = .init(), _ body: (SMTPSink) async throws -> T) async throws -> T {
    let sink = try await SMTPSink.start(options)
    defer { sink.stop() }
    return try await body(sink)
}

/// The messages in a folder of `.eml` files (an SMTP sink's, or Marquee's own outbox), read as they arrive.
final class Mailbox: Sendable {
    let directory: String

    init(directory: String) {
        self.directory = directory
        // Watched before anything is delivered to it (a server's outbox is made with its first message).
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Every message so far, oldest first.
    func all() -> [ReceivedMail] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
            $0.hasSuffix(".eml")
        }
        return names.sorted().compactMap { name in
            (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)).map(ReceivedMail.init)
        }
    }

    /// Waits for the `index`-th message (from 0) to `address` whose subject contains `subject`.
    func message(to address: String, subject: String = "", index: Int = 0, timeout: Duration = .seconds(10))
        async throws -> ReceivedMail
    {
        let found = try await DirectoryWatcher.waitFor(in: directory, timeout: timeout) { [self] in
            let matching = all().filter {
                $0.header("To") == address && (subject.isEmpty || ($0.header("Subject") ?? "").contains(subject))
            }
            return matching.count > index ? matching[index] : nil
        }
        guard let found else {
            Issue.record("No mail to \(address) with subject containing '\(subject)' arrived")
            throw MailboxError.timedOut
        }
        return found
    }

    /// Waits until at least `count` messages have gone to the addresses in `addresses` together; whether they did.
    func wait(for count: Int, to addresses: Set<String>, timeout: Duration = .seconds(10)) async throws -> Bool {
        try await DirectoryWatcher.waitFor(in: directory, timeout: timeout) { [self] in
            all().filter { addresses.contains($0.header("To") ?? "") }.count >= count ? true : nil
        } ?? false
    }

    /// How many messages went to `address`.
    func count(to address: String) -> Int { all().filter { $0.header("To") == address }.count }

    enum MailboxError: Error { case timedOut }
}

/// One received message.
struct ReceivedMail: Sendable {
    let text: String

    func header(_ name: String) -> String? {
        for line in text.components(separatedBy: "\r\n") {
            if line.isEmpty { return nil }
            if line.lowercased().hasPrefix(name.lowercased() + ":") {
                return line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    var body: String {
        guard let range = text.range(of: "\r\n\r\n") else { return "" }
        return String(text[range.upperBound...])
    }

    /// The `token` of the first link whose path is `path` (e.g. `/verify`).
    func token(path: String) throws -> String {
        for word in body.components(separatedBy: .whitespacesAndNewlines) where word.hasPrefix("http") {
            if let components = URLComponents(string: word), components.path == path,
                let token = components.queryItems?.first(where: { $0.name == "token" })?.value
            {
                return token
            }
        }
        throw MailboxError.noLink(path)
    }

    enum MailboxError: Error { case noLink(String) }
}
