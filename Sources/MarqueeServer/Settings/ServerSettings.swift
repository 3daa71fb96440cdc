import Foundation
package import Logging
package import MarqueeAccounts
package import MarqueeCatalog
import MarqueeCore
import MarqueeStore
package import MarqueeStoreSQL

/// Every setting of `marquee serve`, read once at start.
package struct ServerSettings: Sendable {
    /// Address to listen on. `host` (`MARQUEE_HOST`), default `127.0.0.1`.
    package var host: String
    /// Port to listen on; 0 picks a free one. `port` (`MARQUEE_PORT`), default 8080.
    package var port: Int
    /// Folder holding the SQLite file (and the development outbox). `dataDir` (`MARQUEE_DATA_DIR`), default
    /// `./marquee-data`.
    package var dataDirectory: String
    /// The SQLite file in the data directory (used unless `database` is set).
    package var sqlitePath: String { (dataDirectory as NSString).appendingPathComponent("marquee.sqlite") }
    /// PostgreSQL instead of the SQLite file: `databaseURL` (`MARQUEE_DATABASE_URL`,
    /// `postgres://user:password@host:port/database?sslmode=…`). Several instances may share it.
    package var database: PostgreSQLLocation?
    /// Seconds to keep retrying at start while PostgreSQL is unreachable. `databaseWait` (`MARQUEE_DATABASE_WAIT`),
    /// default 30.
    package var databaseWait: Int
    /// The URL people reach this server at, for links and image URLs. `publicURL` (`MARQUEE_PUBLIC_URL`),
    /// default `http://HOST:PORT`.
    package var publicURL: String?
    /// TMDB access; nil serves the local catalog. `tmdb.apiKey` (`MARQUEE_TMDB_API_KEY`, v3) or
    /// `tmdb.readToken` (`MARQUEE_TMDB_READ_TOKEN`, v4); `tmdb.baseURL` (`MARQUEE_TMDB_BASE_URL`, default
    /// `https://api.themoviedb.org/3`); `tmdb.imageBaseURL` (`MARQUEE_TMDB_IMAGE_BASE_URL`, default from TMDB's
    /// /configuration).
    package var tmdb: TMDBSettings?
    /// Outbound TMDB requests per second. `tmdb.rateLimit` (`MARQUEE_TMDB_RATE_LIMIT`), default 40.
    package var tmdbRateLimit: Double
    /// Where forecasts come from. `weather.provider` (`MARQUEE_WEATHER_PROVIDER`): `open-meteo` (no key),
    /// `openweathermap` (the default when `openweathermap.apiKey`, `MARQUEE_OPENWEATHERMAP_API_KEY`, is set) or
    /// `off`; each provider's keys and URLs are listed at `WeatherSettings.init(reading:)`.
    package var weather: WeatherSettings
    /// Where events come from: Ticketmaster when `ticketmaster.apiKey` (`MARQUEE_TICKETMASTER_API_KEY`) is set, else
    /// the embedded demo programme (see `EventsSettings.init(reading:)`).
    package var events: EventsSettings
    /// Where works of art come from: `art.provider` (`MARQUEE_ART_PROVIDER`), `rijksmuseum` or `embedded` (see
    /// `ArtSettings.init(reading:)`).
    package var art: ArtSettings
    /// MiB the cache of upstream (TMDB) answers may take in the database; past it the least recently used go.
    /// `upstreamCacheSize` (`MARQUEE_UPSTREAM_CACHE_SIZE`), default 256.
    package var upstreamCacheSize: Int
    /// Region when a request names none. `defaultRegion` (`MARQUEE_DEFAULT_REGION`), default `US`.
    package var defaultRegion: String
    /// Language when a request names none. `defaultLanguage` (`MARQUEE_DEFAULT_LANGUAGE`), default `en-US`.
    package var defaultLanguage: String
    /// Log level. `logLevel` (`MARQUEE_LOG_LEVEL`): trace, debug, info, notice, warning, error, critical;
    /// default info.
    package var logLevel: Logger.Level
    /// Secret that signs access tokens, at least 32 characters. `tokenSecret` (`MARQUEE_TOKEN_SECRET`); default: a
    /// random secret generated once and kept in `<dataDir>/token-secret`, so sessions survive restarts.
    package var tokenSecret: String?
    /// SMTP delivery. `smtpURL` (`MARQUEE_SMTP_URL`: `smtp://user:pass@host:port` with STARTTLS when offered, or
    /// `smtps://…`); `smtpCAFile` (`MARQUEE_SMTP_CA_FILE`) adds trusted certificates. Unset: mail is written to
    /// `<dataDir>/outbox/` and the log (development mode).
    package var smtp: SMTPSettings?
    /// The `From` of every mail. `mailFrom` (`MARQUEE_MAIL_FROM`), default `Marquee <marquee@HOST>` of the public URL.
    package var mailFrom: String?
    /// Google sign-in; nil when `google.clientID` (`MARQUEE_GOOGLE_CLIENT_ID`) is unset. `google.issuer`
    /// (`MARQUEE_GOOGLE_ISSUER`, default `https://accounts.google.com`), `google.jwksURL` (`MARQUEE_GOOGLE_JWKS_URL`,
    /// default `https://www.googleapis.com/oauth2/v3/certs`). The web app's "Sign in with Google" also needs
    /// `google.clientSecret` (`MARQUEE_GOOGLE_CLIENT_SECRET`); `google.authorizationURL`
    /// (`MARQUEE_GOOGLE_AUTHORIZATION_URL`, default `https://accounts.google.com/o/oauth2/v2/auth`) and
    /// `google.tokenURL` (`MARQUEE_GOOGLE_TOKEN_URL`, default `https://oauth2.googleapis.com/token`).
    package var google: GoogleSettings?
    /// Failed (or, for mail-sending actions, all) attempts allowed per minute per account and per client address
    /// before 429. `authThrottleLimit` (`MARQUEE_AUTH_THROTTLE_LIMIT`), default 10; 0 turns throttling off.
    package var authThrottleLimit: Int
    /// Reverse proxies (exact IP addresses) whose `X-Forwarded-For` names the client. `trustedProxies`
    /// (`MARQUEE_TRUSTED_PROXIES`, comma-separated, e.g. `127.0.0.1,::1` behind a local nginx), default none.
    package var trustedProxies: Set<String>
    /// How many items one account may save, both lists together. `itemLimit` (`MARQUEE_ITEM_LIMIT`), default 10,000.
    package var itemLimit: Int
    /// How many live streams one account may have open on this instance (tabs and devices). `streamLimit`
    /// (`MARQUEE_STREAM_LIMIT`), default 100.
    package var streamLimit: Int
    /// Seconds a connection has to send a request's line and headers, from opening or from the previous answer
    /// (an idle keep-alive connection is closed after as long). `headerTimeout` (`MARQUEE_HEADER_TIMEOUT`), default 20.
    package var headerTimeout: Int
    /// Seconds a request has to send its body once its headers are in, and an answer waits for a client that stopped
    /// reading it before the connection is closed. `bodyTimeout` (`MARQUEE_BODY_TIMEOUT`), default 60.
    package var bodyTimeout: Int
    /// Limits and intervals the code chooses (not configuration).
    package var tuning = ServerTuning()

    /// Reads and validates every setting.
    package init(reading reader: SettingsReader) throws {
        host = try reader.text("host", default: "127.0.0.1", expected: "a host name or IP address") {
            !$0.contains(" ") && !$0.contains("/")
        }
        port = try reader.int("port", default: 8080, range: 0...65535)
        dataDirectory = reader.string("dataDir") ?? "./marquee-data"
        databaseWait = try reader.int("databaseWait", default: 30, range: 0...3600)
        database = try reader.string("databaseURL", isSecret: true).map { url in
            do {
                return try PostgreSQLLocation(url: url)
            } catch {
                throw SettingsError(key: "databaseURL", problem: "\(error)")
            }
        }
        publicURL = try reader.url("publicURL", default: nil)
        let baseURL = try reader.url("tmdb.baseURL", default: "https://api.themoviedb.org/3")!
        let imageBaseURL = try reader.url("tmdb.imageBaseURL", default: nil)
        if let key = reader.string("tmdb.apiKey", isSecret: true) {
            tmdb = TMDBSettings(credential: .apiKey(key), baseURL: baseURL, imageBaseURL: imageBaseURL)
        } else if let token = reader.string("tmdb.readToken", isSecret: true) {
            tmdb = TMDBSettings(credential: .readToken(token), baseURL: baseURL, imageBaseURL: imageBaseURL)
        } else {
            tmdb = nil
        }
        tmdbRateLimit = try reader.double("tmdb.rateLimit", default: 40, range: 0.1...1000)
        weather = try WeatherSettings(reading: reader)
        events = try EventsSettings(reading: reader)
        art = try ArtSettings(reading: reader)
        upstreamCacheSize = try reader.int("upstreamCacheSize", default: 256, range: 1...1_000_000)
        defaultRegion = try reader.text("defaultRegion", default: "US", expected: "a two-letter region code like US") {
            LocaleParsing.region($0) != nil
        }.uppercased()
        defaultLanguage = try reader.text("defaultLanguage", default: "en-US", expected: "a language like en or en-US")
        {
            LocaleParsing.language($0) != nil
        }
        let level = try reader.choice(
            "logLevel", default: "info", allowed: Logger.Level.allCases.map(\.rawValue))
        logLevel = Logger.Level(rawValue: level) ?? .info
        tokenSecret = try reader.string("tokenSecret", isSecret: true).map { secret in
            guard secret.utf8.count >= 32 else {
                throw SettingsError(key: "tokenSecret", problem: "it must be at least 32 characters long.")
            }
            return secret
        }
        if let url = reader.string("smtpURL", isSecret: true) {
            guard let smtp = SMTPSettings(url: url, trustedCertificatesFile: reader.string("smtpCAFile")) else {
                throw SettingsError(key: "smtpURL", problem: "it is not an smtp:// or smtps:// URL with a host.")
            }
            self.smtp = smtp
        } else {
            smtp = nil
        }
        mailFrom = try reader.text("mailFrom", default: "", expected: "an address like Marquee <marquee@example.com>") {
            $0.contains("@") && !$0.contains("\r") && !$0.contains("\n")
        }.nonEmpty
        if let clientID = reader.string("google.clientID") {
            google = GoogleSettings(
                clientID: clientID,
                issuer: try reader.url("google.issuer", default: "https://accounts.google.com")!,
                jwksURL: try reader.url("google.jwksURL", default: "https://www.googleapis.com/oauth2/v3/certs")!,
                clientSecret: reader.string("google.clientSecret", isSecret: true).flatMap(\.nonEmpty),
                authorizationURL: try reader.url(
                    "google.authorizationURL", default: "https://accounts.google.com/o/oauth2/v2/auth")!,
                tokenURL: try reader.url("google.tokenURL", default: "https://oauth2.googleapis.com/token")!)
        } else {
            google = nil
        }
        authThrottleLimit = try reader.int("authThrottleLimit", default: 10, range: 0...10_000)
        trustedProxies = Set(
            try (reader.string("trustedProxies") ?? "").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                .map { entry in
                    guard let address = IPAddress.canonical(entry) else {
                        throw SettingsError(
                            key: "trustedProxies",
                            problem: "'\(entry)' is not an IP address (list each proxy's address).")
                    }
                    return address
                })
        itemLimit = try reader.int("itemLimit", default: 10_000, range: 1...10_000_000)
        streamLimit = try reader.int("streamLimit", default: 100, range: 1...1_000_000)
        headerTimeout = try reader.int("headerTimeout", default: 20, range: 1...3600)
        bodyTimeout = try reader.int("bodyTimeout", default: 60, range: 1...3600)
    }

    /// The base of absolute URLs this server hands out.
    package func resolvedPublicURL(boundPort: Int) -> String {
        if let publicURL { return publicURL }
        let reachable = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host
        return "http://\(reachable.contains(":") ? "[\(reachable)]" : reachable):\(boundPort)"
    }
}

/// Google sign-in settings.
package struct GoogleSettings: Sendable, Equatable {
    /// The OAuth client id ID tokens must be issued for (`aud`).
    package var clientID: String
    /// The expected `iss`.
    package var issuer: String
    /// Where the issuer's signing keys are published.
    package var jwksURL: String
    /// The OAuth client secret; without it the web app offers no Google button (apps send ID tokens instead).
    package var clientSecret: String?
    /// Where browsers are sent to sign in.
    package var authorizationURL: String
    /// Where authorization codes are traded for tokens.
    package var tokenURL: String

    /// The web sign-in's client, when a secret is set.
    package var webClient: OAuthCodeFlow.Client? {
        clientSecret.map {
            OAuthCodeFlow.Client(
                clientID: clientID, clientSecret: $0, authorizationURL: authorizationURL, tokenURL: tokenURL)
        }
    }
}
