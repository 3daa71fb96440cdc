import AsyncHTTPClient
package import Foundation
package import Hummingbird
package import Logging
package import MarqueeAccounts
import MarqueeArt
import MarqueeCatalog
import MarqueeCore
import MarqueeEvents
import MarqueeStore
package import MarqueeStoreSQL
import MarqueeUpstream
package import MarqueeWeather
import MarqueeWeb
import NIOCore
import Prometheus
package import ServiceLifecycle

/// Seams the composition root takes from outside: time, randomness, password hashing and a word when it listens.
/// (Limits and intervals are in `ServerSettings.tuning`.)
package struct AppDependencies: Sendable {
    /// The current time.
    package var now: @Sendable () -> Date = { Date() }
    /// A random index below the argument (the home hero).
    package var pickIndex: @Sendable (Int) -> Int = { Int.random(in: 0..<$0) }
    /// Called with the port once the server listens.
    package var onServerRunning: @Sendable (Int) async -> Void = { _ in }
    /// Password hashing; nil uses bcrypt at cost 12 (tests pass a cheaper cost).
    package var passwordHasher: (any PasswordHasher)?
    /// The embedded city index (tests share one, read once).
    package var cities = CityDirectory()

    /// The production dependencies.
    package init() {}
}

/// The `Server` header of every response.
private let serverName = "Marquee"

/// The composition root: builds the whole Marquee server from its settings. Used by `marquee serve` and tests.
package func buildApplication(
    settings: ServerSettings, logger: Logger, dependencies: AppDependencies = AppDependencies()
) async throws -> some ApplicationProtocol {
    let parts = try await buildRouter(settings: settings, logger: logger, dependencies: dependencies)
    let connectionHandlers = parts.connectionHandlers
    let publicURL = parts.publicURL
    return Application(
        router: parts.router,
        server: .http1(configuration: .init(additionalChannelHandlers: connectionHandlers())),
        configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: serverName),
        services: parts.services,
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? settings.port
            publicURL.set(settings.resolvedPublicURL(boundPort: port))
            await dependencies.onServerRunning(port)
        },
        logger: logger)
}

/// What `buildRouter` assembles.
struct RouterParts {
    /// Every route, behind the middleware.
    let router: Router<MarqueeRequestContext>
    /// Long-lived services the routes need running (database, HTTP client, cache upkeep).
    let services: [any Service]
    /// Makes a new connection's own handlers: the fast path for cached responses, the live-stream writer, and the
    /// JSON answer to requests that are not HTTP.
    let connectionHandlers: @Sendable () -> [any RemovableChannelHandler]
    /// The base of absolute URLs, finalised once the port is bound.
    let publicURL: PublicBaseURL
}

/// Everything but the HTTP server itself.
func buildRouter(settings: ServerSettings, logger: Logger, dependencies: AppDependencies) async throws -> RouterParts {
    let database = try await openDatabase(settings: settings, logger: logger)
    do {
        try await Migrator(database: database, now: dependencies.now).migrate(logger: logger)
        let local = try await loadLocalCatalog(database: database, logger: logger)
        let openAPIDocument = try OpenAPIDocument.load()
        let defaults = LocaleOptions(language: settings.defaultLanguage, region: settings.defaultRegion)
        let publicURL = PublicBaseURL(settings.resolvedPublicURL(boundPort: settings.port))
        let images = PlaceholderImages(baseURL: publicURL)
        let localProvider = LocalCatalogProvider(catalog: local, images: images, now: dependencies.now)

        let upstreams = Upstreams(settings: settings, database: database, logger: logger, dependencies: dependencies)
        let provider = makeCatalogProvider(
            settings: settings, local: localProvider, upstreams: upstreams, logger: logger, dependencies: dependencies)
        let geocoder = makeGeocoder(
            settings: settings, upstreams: upstreams, logger: logger, dependencies: dependencies)
        let citySearch = CitySearch(
            directory: dependencies.cities, geocoder: geocoder, deadline: settings.tuning.geocodingDeadline)
        let cityLookup = CityLookup(directory: dependencies.cities, geocoder: geocoder)
        let weather = WeatherService(
            cities: cityLookup,
            provider: makeForecastProvider(
                settings: settings, upstreams: upstreams, logger: logger, dependencies: dependencies),
            now: dependencies.now)
        let art = try makeArt(
            settings: settings, upstreams: upstreams, publicURL: publicURL, logger: logger, dependencies: dependencies)
        let events = makeEvents(settings: settings, upstreams: upstreams, logger: logger, dependencies: dependencies)
        let saved = ItemsAssembly(
            settings: settings, database: database, authority: CitySnapshots(cities: cityLookup),
            dependencies: dependencies)
        let accounts = try await AccountsAssembly(
            settings: settings, database: database, publicURL: publicURL, logger: logger, dependencies: dependencies,
            transfer: SavedItemsGuestTransfer(items: saved.service), sessionsEnded: saved.sessionsEnded)
        var services: [any Service] = [database] + (upstreams?.services ?? []) + accounts.services + saved.services
        if let bus = database.bus {
            services.append(
                InstanceBusService(
                    bus: bus, items: saved.service, hub: saved.hub, sessionCache: accounts.sessionCache,
                    sessionsEnded: saved.sessionsEnded,
                    profileChanged: { [users = SQLUserStore(database: database), saved] id in
                        if let user = try? await users.user(id: id) { saved.profileChanged(user) }
                    },
                    sessionIsActive: { [tokens = accounts.authenticator.tokens] in
                        try await tokens.isActive(sessionID: $0, of: $1)
                    },
                    logger: logger))
        }

        let registry = PrometheusCollectorRegistry()
        // HEAD answers what GET would, without the body (uptime monitors often ask with HEAD).
        let router = Router(context: MarqueeRequestContext.self, options: .autoGenerateHeadEndpoints)
        let instruments = RequestInstruments(registry: registry)
        let responseCache = ResponseCache(
            timeToLive: provider.source == .tmdb ? .seconds(60) : .seconds(600), instruments: instruments,
            serverName: serverName,
            size: registry.makeGauge(
                descriptor: MetricNameDescriptor(
                    namespace: "marquee", subsystem: "response_cache", metricName: "size", unitName: "bytes",
                    helpText: "Bytes the catalog response cache holds (bodies, keys and bookkeeping), at most 64 MiB."))
        )
        let home = HomeFeedBuilder(provider: provider, pickIndex: dependencies.pickIndex)
        let web = WebPages(
            responses: WebResponses(
                renderer: try await WebRenderer.load(), imageOrigins: imageOrigins(settings), publicURL: publicURL),
            provider: provider, home: home, accounts: accounts.service, authenticator: accounts.authenticator,
            items: saved.service, defaults: defaults, google: accounts.googleWeb,
            weather: WebWeather(
                cities: cityLookup, search: citySearch, forecasts: weather,
                saved: SavedCitiesWeather(
                    weather: weather, cities: cityLookup, accounts: accounts.service, items: saved.service)),
            art: art.service,
            events: WebEvents(
                service: events, places: EventPlaces(lookup: cityLookup, search: citySearch),
                demo: DemoEvents(directory: dependencies.cities, now: dependencies.now)))
        router.add(middleware: TelemetryMiddleware(instruments: instruments))
        router.add(middleware: CompressionMiddleware())
        let allowed = AllowedMethods()
        router.add(
            middleware: ErrorMiddleware(pages: web, allowed: allowed, refusalDelay: settings.tuning.refusalDelay))
        router.add(middleware: QueryStringMiddleware())
        if !settings.trustedProxies.isEmpty {
            router.add(middleware: ForwardedClientMiddleware(trustedProxies: settings.trustedProxies))
        }
        // Anonymous callers get only their share of the calls to third parties (TMDB's, Open-Meteo's).
        if upstreams != nil {
            router.add(
                middleware: UpstreamCallerMiddleware(authenticator: accounts.authenticator, accounts: accounts.service))
        }
        let counts = local.counts
        OperationsRoutes(
            database: database,
            catalogSummary: provider.source == .tmdb
                ? "tmdb" : "local: \(counts.movies) movies, \(counts.shows) shows, \(counts.people) people",
            registry: registry, openAPIDocument: openAPIDocument
        ).register(on: router)
        CatalogRoutes(
            provider: provider, home: home, cache: responseCache,
            defaults: defaults,
            cacheControl: provider.source == .tmdb ? "public, max-age=60" : "public, max-age=300"
        ).register(on: router)
        PlaceholderImageRoutes(provider: localProvider).register(on: router)
        ArtRoutes(art: art.service, sample: art.sample, cache: responseCache).register(on: router)
        EventsRoutes(events: events, places: EventPlaces(lookup: cityLookup, search: citySearch)).register(on: router)
        WeatherRoutes(
            cities: cityLookup, search: citySearch, weather: weather, authenticator: accounts.authenticator,
            accounts: accounts.service, cache: responseCache
        ).register(on: router)
        AccountRoutes(
            accounts: accounts.service, authenticator: accounts.authenticator, profileChanged: saved.profileChanged,
            now: dependencies.now
        )
        .register(on: router)
        web.register(on: router)
        saved.routes(
            catalog: provider, locale: defaults, authenticator: accounts.authenticator,
            cityWeather: web.weather.saved,
            dependencies: dependencies
        )
        .register(on: router)
        allowed.learn(router.routes)

        logger.info(
            "Catalog ready",
            metadata: [
                "source": "\(provider.source.rawValue)", "movies": "\(counts.movies)", "shows": "\(counts.shows)",
                "people": "\(counts.people)",
            ])
        let streams = LiveStreamHandler.Shared(
            opener: saved.streams(accounts.authenticator), hub: saved.hub, serverName: serverName,
            instruments: instruments, logger: logger, backlogLimit: settings.tuning.streamBacklogLimit)
        let connectionHandlers: @Sendable () -> [any RemovableChannelHandler] = {
            [
                // Before the stream handler, so that they count stream requests and their answers too.
                HTTP1HandlerInstaller {
                    [
                        RequestDeadlineHandler(
                            headTimeout: .seconds(Int64(settings.headerTimeout)),
                            stallTimeout: .seconds(Int64(settings.bodyTimeout))),
                        CachedResponseHandler(cache: responseCache, logger: logger),
                    ]
                },
                MalformedRequestHandler(serverName: serverName, logger: logger), LiveStreamHandler(streams),
            ]
        }
        return RouterParts(
            router: router, services: services, connectionHandlers: connectionHandlers, publicURL: publicURL)
    } catch {
        await database.close()
        throw error
    }
}

/// Where catalog images come from besides this server: TMDB's image host when TMDB is the source.
private func imageOrigins(_ settings: ServerSettings) -> [String] {
    var origins: [String] = []
    if let tmdb = settings.tmdb {
        origins.append(Authenticator.origin(of: tmdb.imageBaseURL ?? "https://image.tmdb.org"))
    }
    // Ticketmaster's pictures come from its image hosts; a test's fake serves its own.
    if settings.events.ticketmasterAPIKey != nil {
        origins += [
            "https://*.ticketm.net", "https://*.ticketmaster.com",
            Authenticator.origin(of: settings.events.ticketmasterBaseURL),
        ]
    }
    // The museum's images come from its IIIF server; a test's fake serves them from where it serves the rest.
    if settings.art.provider == .rijksmuseum {
        origins += [
            "https://iiif.micr.io", Authenticator.origin(of: settings.art.rijksmuseumSearchURL),
            Authenticator.origin(of: settings.art.rijksmuseumIDURL),
        ]
    }
    return Array(Set(origins)).sorted()
}

/// Events from Ticketmaster when it has a key, else (and for demo ids always) from the demo programme.
private func makeEvents(
    settings: ServerSettings, upstreams: Upstreams?, logger: Logger, dependencies: AppDependencies
) -> EventsService {
    let demo = DemoEvents(directory: dependencies.cities, now: dependencies.now)
    guard let apiKey = settings.events.ticketmasterAPIKey, let upstreams else {
        return EventsService(live: nil, demo: demo)
    }
    let fetcher = UpstreamFetcher(
        name: "Ticketmaster", transport: upstreams.transport, cache: upstreams.cache,
        policy: TicketmasterProvider.policy(settings.tuning.ticketmasterPolicy), coordination: upstreams.coordination,
        logger: logger,
        unavailable: .eventsUnavailable, now: dependencies.now)
    let live = TicketmasterProvider(
        baseURL: settings.events.ticketmasterBaseURL, apiKey: apiKey, fetcher: fetcher, now: dependencies.now)
    return EventsService(live: live, demo: demo)
}

/// Works of art: the embedded sample, behind the Rijksmuseum's live services unless `art.provider` is `embedded`.
private func makeArt(
    settings: ServerSettings, upstreams: Upstreams?, publicURL: PublicBaseURL, logger: Logger,
    dependencies: AppDependencies
) throws -> (service: ArtService, sample: EmbeddedArt) {
    let sample = try EmbeddedSample.embedded()
    var live: RijksmuseumProvider?
    if settings.art.provider == .rijksmuseum, let upstreams {
        let fetcher = UpstreamFetcher(
            name: "the Rijksmuseum", transport: upstreams.transport, cache: upstreams.cache,
            policy: settings.tuning.rijksmuseumPolicy, coordination: upstreams.coordination, logger: logger,
            unavailable: .artUnavailable, now: dependencies.now)
        live = RijksmuseumProvider(
            searchURL: settings.art.rijksmuseumSearchURL, idURL: settings.art.rijksmuseumIDURL, fetcher: fetcher,
            highlights: sample.highlights, logger: logger, now: dependencies.now)
    }
    let embedded = EmbeddedArt(sample: sample, images: live, placeholders: ArtPlaceholders(baseURL: publicURL))
    let service = ArtService(
        live: live, embedded: embedded, liveDeadline: settings.tuning.artLiveDeadline, now: dependencies.now)
    return (service, embedded)
}

/// TMDB when credentials are configured (with its HTTP client and cache upkeep as services), else the local catalog.
/// The HTTP client and the database-backed cache every third-party service is called through (nil when no
/// upstream is configured), and the services that keep them: closing the client, bounding the cache.
private struct Upstreams {
    let transport: any HTTPTransport
    let cache: any UpstreamCacheStore
    let coordination: any UpstreamCoordination
    let services: [any Service]

    init?(settings: ServerSettings, database: any Database, logger: Logger, dependencies: AppDependencies) {
        guard
            settings.tmdb != nil || settings.weather.provider != .off || settings.art.provider == .rijksmuseum
                || settings.events.ticketmasterAPIKey != nil
        else { return nil }
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let cache = SQLUpstreamCacheStore(database: database)
        transport = AsyncHTTPClientTransport(client: client)
        self.cache = cache
        // Instances sharing a database share the upstreams too: one fetch per resource, one rate limit.
        coordination =
            database.isShared ? SQLUpstreamCoordination(database: database) : LocalUpstreamCoordination()
        services = [
            HTTPClientService(client: client),
            UpstreamCachePurgeService(
                cache: cache, maxAge: settings.tuning.upstreamPolicy.maxStaleness,
                maxBytes: settings.upstreamCacheSize << 20, logger: logger, now: dependencies.now,
                interval: settings.tuning.upstreamCachePurgeInterval),
        ]
    }
}

private func makeCatalogProvider(
    settings: ServerSettings, local: LocalCatalogProvider, upstreams: Upstreams?, logger: Logger,
    dependencies: AppDependencies
) -> any CatalogProvider {
    guard let tmdb = settings.tmdb, let upstreams else { return local }
    var policy = settings.tuning.upstreamPolicy
    policy.requestsPerSecond = settings.tmdbRateLimit
    return TMDBProvider(
        settings: tmdb, transport: upstreams.transport, cache: upstreams.cache, policy: policy,
        coordination: upstreams.coordination, logger: logger, now: dependencies.now)
}

private func makeForecastProvider(
    settings: ServerSettings, upstreams: Upstreams?, logger: Logger, dependencies: AppDependencies
) -> (any ForecastProvider)? {
    guard let upstreams else { return nil }
    switch settings.weather.provider {
    case .off:
        return nil
    case .openMeteo:
        let fetcher = UpstreamFetcher(
            name: "Open-Meteo", transport: upstreams.transport, cache: upstreams.cache,
            policy: settings.tuning.weatherPolicy, coordination: upstreams.coordination, logger: logger,
            unavailable: .weatherUnavailable, now: dependencies.now)
        return OpenMeteoProvider(baseURL: settings.weather.openMeteoBaseURL, fetcher: fetcher)
    case .openWeatherMap:
        // The settings refuse this provider without a key.
        guard let apiKey = settings.weather.openWeatherMapAPIKey else { return nil }
        let fetcher = UpstreamFetcher(
            name: "OpenWeatherMap", transport: upstreams.transport, cache: upstreams.cache,
            policy: settings.tuning.openWeatherMapPolicy, coordination: upstreams.coordination, logger: logger,
            unavailable: .weatherUnavailable, now: dependencies.now)
        return OpenWeatherMapProvider(
            baseURL: settings.weather.openWeatherMapBaseURL, apiKey: apiKey, fetcher: fetcher)
    }
}

/// Open-Meteo's geocoding, which city search asks when the embedded index finds too few (keyless, so on whenever
/// weather is).
private func makeGeocoder(
    settings: ServerSettings, upstreams: Upstreams?, logger: Logger, dependencies: AppDependencies
) -> OpenMeteoGeocoder? {
    guard let upstreams, settings.weather.provider != .off else { return nil }
    let fetcher = UpstreamFetcher(
        name: "Open-Meteo geocoding", transport: upstreams.transport, cache: upstreams.cache,
        policy: settings.tuning.weatherPolicy, coordination: upstreams.coordination, logger: logger,
        unavailable: .weatherUnavailable, now: dependencies.now)
    return OpenMeteoGeocoder(baseURL: settings.weather.openMeteoGeocodingURL, fetcher: fetcher)
}

/// Opens the configured database and applies pending migrations (for operator commands).
package func openMigratedDatabase(settings: ServerSettings, logger: Logger) async throws -> any Database & Service {
    let database = try await openDatabase(settings: settings, logger: logger)
    do {
        try await Migrator(database: database).migrate(logger: logger)
        return database
    } catch {
        await database.close()
        throw error
    }
}

/// PostgreSQL when a database URL is set, else the SQLite file in the data directory.
package func openDatabase(settings: ServerSettings, logger: Logger) async throws -> any Database & Service {
    if let location = settings.database {
        let database = try await PostgreSQLDatabase.open(
            location: location, logger: logger, waitingUpTo: .seconds(settings.databaseWait))
        logger.info("Using PostgreSQL", metadata: ["database": "\(location.redacted)"])
        return database
    }
    do {
        try FileManager.default.createDirectory(atPath: settings.dataDirectory, withIntermediateDirectories: true)
    } catch {
        throw SettingsError(key: "dataDir", problem: "cannot create the folder '\(settings.dataDirectory)'.")
    }
    let path = settings.sqlitePath
    do {
        return try await SQLiteDatabase.open(path: path, logger: logger)
    } catch {
        throw SettingsError(key: "dataDir", problem: "cannot open the database file '\(path)'.")
    }
}

/// The embedded catalog plus everything imported with `marquee catalog import`.
func loadLocalCatalog(database: any Database, logger: Logger) async throws -> LocalCatalog {
    let embedded = try EmbeddedCatalog.load()
    for error in embedded.errors { logger.error("Embedded catalog line rejected", metadata: ["error": "\(error)"]) }
    let imported = CatalogLineParser().parse(
        try await SQLCatalogLineStore(database: database).allLines().joined(separator: "\n"))
    return LocalCatalog(records: embedded.records + imported.records)
}
