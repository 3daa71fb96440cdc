import Foundation
import Logging
import MarqueeAccounts
import Testing

/// Mail delivery: SMTP with STARTTLS and AUTH against a real SMTP server, and the development outbox.
@Suite("Mail delivery")
struct MailDeliveryTests {
    let message = MailMessage(
        to: "reader@example.com", subject: "Grüße from Marquee",
        text: "Hello!\n.a line that starts with a dot\n\nhttp://marquee.test/verify?token=abc\n")

    @Test("STARTTLS, then AUTH PLAIN, then the message arrives intact (dots, UTF-8 subject and body)")
    func startTLSAndAuth() async throws {
        try await withSMTPSink(.init(tls: true, auth: "marquee:s3cret pass")) { sink in
            let settings = try #require(
                SMTPSettings(
                    url: "smtp://marquee:s3cret%20pass@127.0.0.1:\(sink.port)",
                    trustedCertificatesFile: SMTPSink.certificate.cert))
            let mailer = SMTPMailer(
                settings: settings, sender: "Marquee <marquee@example.com>", logger: TestSettings.quietLogger)
            try await mailer.send(message)
            let received = try await sink.mailbox.message(to: "reader@example.com")
            #expect(received.header("X-Received-TLS") == "yes")
            #expect(received.header("X-Authenticated-As") == "marquee")
            #expect(received.header("From") == "Marquee <marquee@example.com>")
            #expect(
                received.header("Subject") == "=?utf-8?B?\(Data("Grüße from Marquee".utf8).base64EncodedString())?=")
            #expect(received.body.contains("\r\n.a line that starts with a dot\r\n"))
            #expect(try received.token(path: "/verify") == "abc")
        }
    }

    @Test("A wrong password, an untrusted certificate and a closed port fail with a clear error")
    func failures() async throws {
        try await withSMTPSink(.init(tls: true, auth: "marquee:right")) { sink in
            let wrongPassword = try #require(
                SMTPSettings(
                    url: "smtp://marquee:wrong@127.0.0.1:\(sink.port)",
                    trustedCertificatesFile: SMTPSink.certificate.cert))
            await #expect {
                try await SMTPMailer(settings: wrongPassword, sender: "m@example.com", logger: TestSettings.quietLogger)
                    .send(message)
            } throws: { error in
                "\(error)".contains("AUTH with 535")
            }
            let untrusted = try #require(SMTPSettings(url: "smtp://marquee:right@127.0.0.1:\(sink.port)"))
            await #expect(throws: (any Error).self) {
                try await SMTPMailer(settings: untrusted, sender: "m@example.com", logger: TestSettings.quietLogger)
                    .send(message)
            }
            #expect(sink.mailbox.all().isEmpty)
        }
        let closed = try #require(SMTPSettings(url: "smtp://127.0.0.1:1"))
        await #expect(throws: (any Error).self) {
            try await SMTPMailer(settings: closed, sender: "m@example.com", logger: TestSettings.quietLogger).send(
                message)
        }
    }

    @Test("SMTP URLs: schemes, default ports, credentials")
    func settings() throws {
        let plain = try #require(SMTPSettings(url: "smtp://mail.example.com"))
        #expect(plain.port == 25 && plain.security == .startTLSWhenOffered && plain.username == nil)
        let implicit = try #require(SMTPSettings(url: "smtps://user%40x:p%3Ass@mail.example.com"))
        #expect(implicit.port == 465 && implicit.security == .implicitTLS)
        #expect(implicit.username == "user@x" && implicit.password == "p:ss")
        #expect(SMTPSettings(url: "http://mail.example.com") == nil)
        #expect(SMTPSettings(url: "smtp://") == nil)
    }

    @Test("Without SMTP, mail becomes .eml files in the outbox")
    func outbox() async throws {
        let dir = URL(fileURLWithPath: TestSettings.makeDataDirectory()).appendingPathComponent("outbox")
        let mailer = OutboxMailer(
            directory: dir, sender: "Marquee <marquee@localhost>", logger: TestSettings.quietLogger)
        try await mailer.send(message)
        let entries = try OutboxMailer.messages(in: dir)
        #expect(entries.count == 1)
        #expect(entries.first?.header("To") == "reader@example.com")
        #expect(entries.first?.links == ["http://marquee.test/verify?token=abc"])
        #expect(entries.first?.text.contains("\r\nMIME-Version: 1.0\r\n") == true)
    }
}
