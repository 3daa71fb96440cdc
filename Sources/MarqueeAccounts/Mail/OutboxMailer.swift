package import Foundation
package import Logging

/// Development delivery when no SMTP server is configured: each mail becomes an `.eml` file in the outbox folder
/// (listed by `marquee mail list`) and is printed to the log, so sign-up can be completed without a mail server.
package struct OutboxMailer: Mailer {
    /// The folder the files are written to.
    package let directory: URL
    private let sender: String
    private let logger: Logger
    private let now: @Sendable () -> Date

    /// Creates a mailer writing into `directory` (created when missing).
    package init(directory: URL, sender: String, logger: Logger, now: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.sender = sender
        self.logger = logger
        self.now = now
    }

    package func send(_ message: MailMessage) async throws {
        let date = now()
        let id = UUID().uuidString.lowercased()
        let text = message.rendered(from: sender, date: date, messageID: "\(id)@marquee.outbox")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let stamp = Int64(date.timeIntervalSince1970 * 1000)
        let file = directory.appendingPathComponent("\(stamp)-\(id.prefix(8)).eml")
        try Data(text.utf8).write(to: file, options: .atomic)
        logger.notice(
            "Mail written to the outbox (no SMTP server configured)",
            metadata: ["to": "\(message.to)", "subject": "\(message.subject)", "file": "\(file.path)"])
        logger.info("Mail text:\n\(message.text)")
    }

    /// The outbox's messages, oldest first.
    package static func messages(in directory: URL) throws -> [OutboxEntry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return try names.filter { $0.hasSuffix(".eml") }.sorted().map { name in
            let url = directory.appendingPathComponent(name)
            return OutboxEntry(file: url, text: try String(contentsOf: url, encoding: .utf8))
        }
    }
}

/// One `.eml` file of the outbox.
package struct OutboxEntry: Sendable {
    /// Where it is.
    package let file: URL
    /// The whole message.
    package let text: String

    /// The value of a header, e.g. `Subject`.
    package func header(_ name: String) -> String? {
        let prefix = name.lowercased() + ":"
        for line in text.components(separatedBy: "\r\n") {
            if line.isEmpty { break }
            if line.lowercased().hasPrefix(prefix) {
                return line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The links in the body.
    package var links: [String] {
        text.components(separatedBy: .whitespacesAndNewlines).filter {
            $0.hasPrefix("http://") || $0.hasPrefix("https://")
        }
    }
}
