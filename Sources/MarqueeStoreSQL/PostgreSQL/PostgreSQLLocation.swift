import Foundation
import MarqueeCore
import MarqueeStore
import NIOSSL
import PostgresNIO

/// Where and how to reach a PostgreSQL server, read from a libpq-style URL:
/// `postgres://user:password@host:port/database?sslmode=verify-full&sslrootcert=/path/ca.pem&pool_size=10&connect_timeout=5`.
///
/// `sslmode` follows libpq: `disable`, `prefer` (the default: TLS when the server offers it), `require` (TLS, any
/// certificate), `verify-ca` (a trusted certificate), `verify-full` (trusted and naming the host).
package struct PostgreSQLLocation: Sendable, Equatable {
    /// How TLS is used.
    package enum TLSMode: String, Sendable, CaseIterable {
        case disable, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    package var host: String
    package var port: Int
    package var username: String
    package var password: String?
    package var database: String
    package var tls: TLSMode
    /// PEM file with the certificates to trust instead of the system's.
    package var rootCertificateFile: String?
    /// Connections this instance's requests share at most (the instance bus holds one more).
    package var poolSize: Int
    /// How long opening a connection, or waiting for a free one, may take before the request fails with 503.
    package var connectTimeout: Duration

    /// Reads a `postgres://` or `postgresql://` URL; the error says what is wrong with it (never echoing the password).
    package init(url text: String) throws(PostgreSQLLocationError) {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "postgres" || scheme == "postgresql"
        else { throw PostgreSQLLocationError("it is not a postgres:// URL.") }
        guard let host = url.host, !host.isEmpty else { throw PostgreSQLLocationError("it names no host.") }
        self.host = host
        port = url.port ?? 5432
        username = url.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        password = url.password.flatMap { $0.removingPercentEncoding }
        let path = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        database = path.isEmpty ? username : (path.removingPercentEncoding ?? path)
        let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { _, last in last }
        let mode = query["sslmode"] ?? "prefer"
        switch mode {
        case "allow": tls = .prefer
        default:
            guard let parsed = TLSMode(rawValue: mode) else {
                throw PostgreSQLLocationError(
                    "sslmode '\(mode)' is not one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            tls = parsed
        }
        rootCertificateFile = query["sslrootcert"].flatMap(\.nonEmpty)
        poolSize = try Self.number(query["pool_size"], name: "pool_size", default: 10, range: 1...200)
        connectTimeout = .seconds(
            try Self.number(query["connect_timeout"], name: "connect_timeout", default: 5, range: 1...120))
    }

    /// The URL with the password hidden, for logs and messages.
    package var redacted: String {
        "postgres://\(username)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)?sslmode=\(tls.rawValue)"
    }

    /// PostgresNIO's configuration for this location.
    func clientConfiguration() throws -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: try clientTLS())
        // One more than the requests' share: the instance bus keeps one connection on LISTEN for good.
        configuration.options.maximumConnections = poolSize + 1
        configuration.options.connectTimeout = connectTimeout
        configuration.options.connectionIdleTimeout = .seconds(300)
        return configuration
    }

    /// One connection's configuration, for the start-up probe (it reports why a server cannot be reached).
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let mode: PostgresConnection.Configuration.TLS =
            switch tlsPolicy {
            case nil: .disable
            case (let tls, true)?: .require(try NIOSSLContext(configuration: tls))
            case (let tls, false)?: .prefer(try NIOSSLContext(configuration: tls))
            }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: mode)
        configuration.options.connectTimeout = .init(connectTimeout)
        return configuration
    }

    private func clientTLS() throws -> PostgresClient.Configuration.TLS {
        switch tlsPolicy {
        case nil: .disable
        case (let tls, true)?: .require(tls)
        case (let tls, false)?: .prefer(tls)
        }
    }

    /// What `sslmode` asks for, once for both configurations: nil for no TLS, else the client's TLS settings and
    /// whether a server without TLS must be refused.
    private var tlsPolicy: (configuration: TLSConfiguration, required: Bool)? {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let rootCertificateFile { tls.trustRoots = .file(rootCertificateFile) }
        switch self.tls {
        case .disable:
            return nil
        case .prefer:
            tls.certificateVerification = .none
            return (tls, false)
        case .require:
            // libpq: with a root certificate given, `require` checks the chain as `verify-ca` does.
            tls.certificateVerification = rootCertificateFile == nil ? .none : .noHostnameVerification
            return (tls, true)
        case .verifyCA:
            tls.certificateVerification = .noHostnameVerification
            return (tls, true)
        case .verifyFull:
            tls.certificateVerification = .fullVerification
            return (tls, true)
        }
    }

    private static func number(_ text: String?, name: String, default value: Int, range: ClosedRange<Int>)
        throws(PostgreSQLLocationError) -> Int
    {
        guard let text else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw PostgreSQLLocationError(
                "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return number
    }
}

/// Why a database URL could not be used.
package struct PostgreSQLLocationError: Error, Sendable, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}
