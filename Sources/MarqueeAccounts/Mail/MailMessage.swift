package import Foundation

/// A plain-text mail to one person.
package struct MailMessage: Sendable, Equatable {
    /// The recipient's address.
    package var to: String
    /// The subject line.
    package var subject: String
    /// The body, plain text with `\n` line ends.
    package var text: String

    /// Creates a message.
    package init(to: String, subject: String, text: String) {
        self.to = to
        self.subject = subject
        self.text = text
    }

    /// The message as an RFC 5322 document with CRLF line ends, ready for SMTP `DATA` or a `.eml` file.
    package func rendered(from sender: String, date: Date, messageID: String) -> String {
        let headers = [
            "From: \(sender)",
            "To: \(to)",
            "Subject: \(Self.encodedHeader(subject))",
            "Date: \(Self.rfc5322Date(date))",
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: \(text.allSatisfy(\.isASCII) ? "7bit" : "8bit")",
        ]
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        return headers.joined(separator: "\r\n") + "\r\n\r\n" + body + (body.hasSuffix("\r\n") ? "" : "\r\n")
    }

    /// Non-ASCII header text as an RFC 2047 encoded word.
    static func encodedHeader(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        if flat.allSatisfy(\.isASCII) { return flat }
        return "=?utf-8?B?\(Data(flat.utf8).base64EncodedString())?="
    }

    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}

/// Sends mail. Implementations: SMTP delivery, the development outbox, and an in-memory one for tests.
package protocol Mailer: Sendable {
    /// Delivers `message` or throws.
    func send(_ message: MailMessage) async throws
}
