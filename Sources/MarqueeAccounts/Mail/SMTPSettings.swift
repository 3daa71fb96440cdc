import Foundation

/// Where and how to deliver mail over SMTP, read from `MARQUEE_SMTP_URL`.
package struct SMTPSettings: Sendable, Equatable {
    /// How the connection is secured.
    package enum Security: Sendable, Equatable {
        /// `smtp://`: plain connection, upgraded with STARTTLS whenever the server offers it.
        case startTLSWhenOffered
        /// `smtps://`: TLS from the first byte.
        case implicitTLS
    }

    /// The server's host name or address.
    package var host: String
    /// The server's port (default 25 for `smtp://`, 465 for `smtps://`).
    package var port: Int
    /// How the connection is secured.
    package var security: Security
    /// User name for `AUTH PLAIN`, if any.
    package var username: String?
    /// Password for `AUTH PLAIN`, if any.
    package var password: String?
    /// A PEM file of extra trusted certificates (a private mail server's own CA).
    package var trustedCertificatesFile: String?

    /// Reads `smtp://[user:pass@]host[:port]` or `smtps://…`; nil when the URL is not one of those.
    package init?(url text: String, trustedCertificatesFile: String? = nil) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else { return nil }
        switch scheme {
        case "smtp": security = .startTLSWhenOffered
        case "smtps": security = .implicitTLS
        default: return nil
        }
        self.host = host
        port = components.port ?? (security == .implicitTLS ? 465 : 25)
        username = components.percentEncodedUser?.removingPercentEncoding
        password = components.percentEncodedPassword?.removingPercentEncoding
        self.trustedCertificatesFile = trustedCertificatesFile
    }

    /// Whether the server is on this machine (where sending credentials without TLS exposes nothing).
    var isLoopback: Bool { ["localhost", "127.0.0.1", "::1"].contains(host.lowercased()) }
}
