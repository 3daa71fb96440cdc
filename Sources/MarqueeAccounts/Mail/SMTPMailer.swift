package import Foundation
package import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// Delivers mail to an SMTP server: STARTTLS when offered (or TLS from the start for `smtps://`), `AUTH PLAIN`
/// when credentials are configured (never over an unencrypted connection to another machine), one message per
/// connection.
package struct SMTPMailer: Mailer {
    private let settings: SMTPSettings
    private let sender: String
    private let logger: Logger
    private let timeout: Duration
    private let now: @Sendable () -> Date

    /// Creates a mailer; `sender` is the `From` header, e.g. `Marquee <marquee@example.com>`.
    package init(
        settings: SMTPSettings, sender: String, logger: Logger, timeout: Duration = .seconds(30),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.settings = settings
        self.sender = sender
        self.logger = logger
        self.timeout = timeout
        self.now = now
    }

    package func send(_ message: MailMessage) async throws {
        let timeout = self.timeout
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await deliver(message) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw SMTPError("no answer within \(timeout)")
            }
            try await group.next()
            group.cancelAll()
        }
        logger.info("Mail delivered", metadata: ["to": "\(message.to)", "subject": "\(message.subject)"])
    }

    private func deliver(_ message: MailMessage) async throws {
        let tls = try makeTLSContext()
        let settings = self.settings
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: settings.host, port: settings.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if settings.security == .implicitTLS {
                        try channel.pipeline.syncOperations.addHandler(
                            try NIOSSLClientHandler(context: tls, serverHostname: Self.sniName(settings.host)))
                    }
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await channel.executeThenClose { inbound, outbound in
            var session = SMTPConversation(replies: inbound.makeAsyncIterator(), outbound: outbound)
            var encrypted = settings.security == .implicitTLS
            try await session.expect(220)
            var greeting = try await session.command("EHLO marquee", expect: 250)
            if !encrypted, greeting.offers("STARTTLS") {
                _ = try await session.command("STARTTLS", expect: 220)
                let wire = channel.channel
                try await wire.eventLoop.submit {
                    try wire.pipeline.syncOperations.addHandler(
                        try NIOSSLClientHandler(context: tls, serverHostname: Self.sniName(settings.host)),
                        position: .first)
                }.get()
                encrypted = true
                greeting = try await session.command("EHLO marquee", expect: 250)
            }
            if let username = settings.username {
                guard encrypted || settings.isLoopback else {
                    throw SMTPError("the server offers no TLS, so the password was not sent")
                }
                let credentials = Data("\0\(username)\0\(settings.password ?? "")".utf8).base64EncodedString()
                _ = try await session.command("AUTH PLAIN \(credentials)", expect: 235)
            }
            let eightBit = !message.text.allSatisfy(\.isASCII) && greeting.offers("8BITMIME")
            _ = try await session.command(
                "MAIL FROM:<\(Self.address(in: sender))>\(eightBit ? " BODY=8BITMIME" : "")", expect: 250)
            _ = try await session.command("RCPT TO:<\(message.to)>", expect: 250, 251)
            _ = try await session.command("DATA", expect: 354)
            let document = message.rendered(
                from: sender, date: now(), messageID: "\(UUID().uuidString.lowercased())@marquee")
            _ = try await session.command(Self.dotStuffed(document) + ".", expect: 250)
            _ = try? await session.command("QUIT", expect: 221)
        }
    }

    private func makeTLSContext() throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        // Mail servers often close without answering TLS close_notify; don't wait long for it.
        configuration.shutdownTimeout = .seconds(1)
        if let file = settings.trustedCertificatesFile {
            configuration.additionalTrustRoots = [.file(file)]
        }
        return try NIOSSLContext(configuration: configuration)
    }

    /// SNI carries host names only, never addresses.
    private static func sniName(_ host: String) -> String? {
        host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : host
    }

    /// `Marquee <a@b.com>` → `a@b.com`.
    static func address(in sender: String) -> String {
        guard let open = sender.lastIndex(of: "<"), let close = sender.lastIndex(of: ">"), open < close else {
            return sender.trimmingCharacters(in: .whitespaces)
        }
        return String(sender[sender.index(after: open)..<close])
    }

    /// RFC 5321 §4.5.2: a line starting with "." gets another one, so it cannot end the data early.
    static func dotStuffed(_ document: String) -> String {
        document.components(separatedBy: "\r\n").map { $0.hasPrefix(".") ? "." + $0 : $0 }.joined(separator: "\r\n")
    }
}

/// Why SMTP delivery failed.
package struct SMTPError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = "SMTP delivery failed: \(description)" }
}

/// One SMTP exchange: commands out, (possibly multi-line) replies in.
private struct SMTPConversation {
    struct Reply {
        let code: Int
        let lines: [String]
        func offers(_ keyword: String) -> Bool {
            lines.contains { $0.uppercased() == keyword || $0.uppercased().hasPrefix(keyword + " ") }
        }
    }

    var replies: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    var pending = ByteBuffer()

    mutating func command(_ line: String, expect codes: Int...) async throws -> Reply {
        try await outbound.write(ByteBuffer(string: line + "\r\n"))
        let reply = try await read()
        guard codes.contains(reply.code) else {
            let verb = line.split(separator: " ").first.map(String.init) ?? line
            throw SMTPError("the server answered \(verb) with \(reply.code) \(reply.lines.last ?? "")")
        }
        return reply
    }

    mutating func expect(_ code: Int) async throws {
        let reply = try await read()
        guard reply.code == code else { throw SMTPError("the server greeted with \(reply.code)") }
    }

    private mutating func read() async throws -> Reply {
        var lines: [String] = []
        while true {
            let line = try await nextLine()
            guard line.count >= 3, let code = Int(line.prefix(3)) else {
                throw SMTPError("unreadable reply '\(line.prefix(80))'")
            }
            lines.append(String(line.dropFirst(4)))
            if line.count == 3 || line[line.index(line.startIndex, offsetBy: 3)] == " " {
                return Reply(code: code, lines: lines)
            }
        }
    }

    private mutating func nextLine() async throws -> String {
        while true {
            if let index = pending.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
                let length = index - pending.readerIndex
                let line = pending.readString(length: length) ?? ""
                pending.moveReaderIndex(forwardBy: 1)
                return line.hasSuffix("\r") ? String(line.dropLast()) : line
            }
            guard var chunk = try await replies.next() else { throw SMTPError("the server closed the connection") }
            pending.writeBuffer(&chunk)
        }
    }
}
