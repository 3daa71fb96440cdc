import AsyncHTTPClient
import Foundation
import Logging
import MarqueeAccounts
import MarqueeCore
import MarqueeStore
import MarqueeStoreSQL
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// The accounts part of the composition root: stores, tokens, mail delivery, Google, and their services.
struct AccountsAssembly {
    let service: AccountService
    let authenticator: Authenticator
    let services: [any Service]
    /// Google sign-in for browsers; nil unless Google is configured with a client secret.
    let googleWeb: OAuthCodeFlow?
    /// The sessions remembered in this process (other instances' sign-outs must reach it).
    let sessionCache: CachedSessionStore

    init(
        settings: ServerSettings, database: any Database, publicURL: PublicBaseURL, logger: Logger,
        dependencies: AppDependencies, transfer: any GuestDataTransfer,
        sessionsEnded: @escaping @Sendable (SessionNotice) -> Void
    ) async throws {
        sessionCache = CachedSessionStore(base: SQLSessionStore(database: database), now: dependencies.now)
        let sessions = ObservedSessionStore(base: sessionCache, onEnd: sessionsEnded)
        let tokens = try await TokenIssuer(
            signingKey: try await TokenSecret.load(settings: settings, database: database), sessions: sessions,
            now: dependencies.now)
        let sender =
            settings.mailFrom ?? "Marquee <marquee@\(URLComponents(string: publicURL.value)?.host ?? "localhost")>"
        let delivery: any Mailer
        if let smtp = settings.smtp {
            delivery = SMTPMailer(settings: smtp, sender: sender, logger: logger, now: dependencies.now)
        } else {
            let outbox = URL(fileURLWithPath: settings.dataDirectory).appendingPathComponent("outbox")
            delivery = OutboxMailer(directory: outbox, sender: sender, logger: logger, now: dependencies.now)
            logger.notice(
                "No SMTP server configured (MARQUEE_SMTP_URL): mail goes to the outbox folder; see `marquee mail list`",
                metadata: ["outbox": "\(outbox.path)"])
        }
        let queue = MailQueue(delivery: delivery, logger: logger)
        var services: [any Service] = [queue]
        var identity: (any IdentityTokenVerifier)?
        var googleWeb: OAuthCodeFlow?
        if let google = settings.google {
            let client = HTTPClient(eventLoopGroupProvider: .singleton)
            services.append(HTTPClientService(client: client))
            identity = OpenIDTokenVerifier(
                clientID: google.clientID, issuer: google.issuer,
                fetchKeys: { try await Self.fetchKeySet(client: client, url: google.jwksURL) }, now: dependencies.now)
            googleWeb = google.webClient.map { web in
                OAuthCodeFlow(client: web) { url, form in try await Self.postForm(client: client, url: url, form: form)
                }
            }
        }
        self.googleWeb = googleWeb
        service = AccountService(
            users: SQLUserStore(database: database), links: SQLOneTimeTokenStore(database: database), tokens: tokens,
            hasher: BoundedPasswordHasher(
                dependencies.passwordHasher ?? BcryptPasswordHasher(), capacity: Self.passwordChecksAtOnce),
            mailer: queue, baseURL: publicURL,
            throttle: Self.throttle(settings: settings, database: database, now: dependencies.now), identity: identity,
            transfer: transfer, logger: logger, now: dependencies.now)
        services.append(
            AbandonedAccountPurgeService(
                accounts: service, logger: logger, interval: settings.tuning.abandonedAccountPurgeInterval))
        authenticator = Authenticator(tokens: tokens, publicURL: publicURL)
        self.services = services
    }

    /// How many password hashes and checks may be under way at once before more are turned away with `auth.busy`:
    /// four per core, about a second's wait at bcrypt's cost 12.
    static let passwordChecksAtOnce = 4 * System.coreCount

    /// Attempt counts in memory for one instance; in the database when instances share it, so one limit holds.
    private static func throttle(settings: ServerSettings, database: any Database, now: @escaping @Sendable () -> Date)
        -> any AttemptLimiter
    {
        guard database.isShared else { return AttemptThrottle(limit: settings.authThrottleLimit, now: now) }
        return SQLAttemptLimiter(database: database, limit: settings.authThrottleLimit, now: now)
    }

    /// Posts a form (the token endpoint's request); the body is read up to 1 MiB.
    private static func postForm(client: HTTPClient, url: String, form: String) async throws -> (
        status: Int, body: Data
    ) {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        request.body = .bytes(ByteBuffer(string: form))
        let response = try await client.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        return (Int(response.status.code), Data(body.readableBytesView))
    }

    /// Fetches the issuer's JWKS with its `Cache-Control: max-age`.
    private static func fetchKeySet(client: HTTPClient, url: String) async throws -> OpenIDTokenVerifier.KeySet {
        let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
        guard response.status == .ok else {
            throw DomainError(.upstreamUnavailable, "JWKS answered \(response.status.code)")
        }
        let body = try await response.body.collect(upTo: 1 << 20)
        let maxAge = response.headers.first(name: "cache-control").flatMap { header in
            header.split(separator: ",").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix("max-age=") }.flatMap { TimeInterval($0.dropFirst("max-age=".count)) }
        }
        return OpenIDTokenVerifier.KeySet(json: String(buffer: body), maxAge: maxAge ?? 3600)
    }
}
