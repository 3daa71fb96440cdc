import Hummingbird
import MarqueeAccounts
import MarqueeArt
import MarqueeCatalog
import MarqueeCore
import MarqueeSaved
import MarqueeWeb

/// The web app: server-rendered pages over the same services the API uses, plus its static files. Reading works
/// without JavaScript; the scripts call the public API for everything they change.
struct WebPages: Sendable {
    let responses: WebResponses
    let provider: any CatalogProvider
    let home: HomeFeedBuilder
    let accounts: AccountService
    let authenticator: Authenticator
    let items: SavedItemService
    let defaults: LocaleOptions
    /// Google sign-in for browsers; nil when the server has no Google client secret.
    let google: OAuthCodeFlow?
    let weather: WebWeather
    let art: ArtService
    let events: WebEvents

    /// The page addresses (pages, not API routes, so the OpenAPI document leaves them out).
    static let paths: Set<String> = [
        "/", "/movies", "/tv", "/genres", "/search", "/movie/{id}", "/tv/{id}", "/person/{id}", "/favorites",
        "/watchlist", "/weather", "/weather/{id}", "/events", "/events/{id}", "/events/{id}/demo-tickets", "/art",
        "/art/{id}", "/downloads", "/account", "/settings", "/signin", "/signup",
        "/sw.js",
        "/static/{name}",
        "/auth/google", "/auth/google/callback", "/verify", "/reset", "/email/confirm",
    ]

    var assets: WebAssets { responses.renderer.assets }

    func register(on router: Router<MarqueeRequestContext>) {
        router.get("static/{name}") { request, context in
            guard let asset = context.parameters.get("name").flatMap(assets.asset(named:)) else {
                throw DomainError(.routeNotFound, "There is no file \(request.uri.path.prefix(200)).")
            }
            return responses.asset(asset, request: request)
        }
        router.get("sw.js") { request, _ in
            guard let worker = assets.asset(named: "sw.js") else {
                throw DomainError(.routeNotFound, "No service worker.")
            }
            var response = responses.asset(worker, request: request, cacheControl: "no-cache")
            response.headers[.serviceWorkerAllowed] = "/"
            return response
        }
        registerCatalogPages(on: router)
        registerSignInPages(on: router)
        registerPersonalPages(on: router)
        registerWeatherPages(on: router)
        registerEventPages(on: router)
        registerArtPages(on: router)
        registerGoogleSignIn(on: router)
        registerLinkPages(on: router)
    }

    /// Reads who is visiting.
    func visit(_ request: Request) async -> WebVisit {
        await WebVisit.read(request, authenticator: authenticator, accounts: accounts, defaults: defaults) { [items] in
            try? await items.latestPoint(for: $0).description
        }
    }

    /// The layout for a page.
    func chrome(
        _ title: String, _ section: Section, _ visit: WebVisit, scripts: [String] = [], styles: [String] = []
    ) -> Chrome {
        Chrome(
            title: title, section: section, viewer: visit.viewer, csrf: visit.csrf, tmdb: provider.source == .tmdb,
            google: google != nil, assets: assets, scripts: scripts, styles: styles, changePoint: visit.latestPoint,
            account: visit.auth?.userID.rawValue, experience: visit.experience)
    }

    /// The page for an error, with its message, code and request id (and `Retry-After` when the error has one).
    /// Page handlers simply throw: `rendering` draws it with the visit it already read, `ErrorMiddleware` for any
    /// other request from a browser.
    func problem(
        _ error: DomainError, request: Request, requestID: String, visit known: WebVisit? = nil,
        action: PageLink? = nil,
        cacheControl: String? = nil
    ) async throws -> Response {
        let title =
            switch error.code.httpStatus {
            case 404: "Not found"
            case 400..<500: "That did not work"
            case 503: "Temporarily unavailable"
            default: "Something went wrong"
            }
        var visit = known
        if visit == nil { visit = await self.visit(request) }
        let page = ProblemPage(
            chrome: chrome(title, .other, visit ?? .anonymous(defaults)),
            message: error.message, code: error.code.rawValue, requestID: requestID, action: action)
        var response = try responses.page(page, status: .init(code: error.code.httpStatus), cacheControl: cacheControl)
        response.setRetryAfter(for: error)
        return response
    }

    /// Runs a page handler for the visit behind the request, reading it once: a refusal the handler throws is drawn
    /// as the error page with the same visit (API-style clients asking for JSON still get JSON from the middleware).
    func rendering(
        _ request: Request, _ context: MarqueeRequestContext, _ body: (WebVisit) async throws -> Response
    ) async throws -> Response {
        let visit = await visit(request)
        var response: Response
        do {
            response = try await body(visit)
        } catch let error as DomainError where ErrorMiddleware.wantsPage(request) {
            response = try await problem(error, request: request, requestID: context.requestID, visit: visit)
        }
        // A page that starts a session of its own (a sign-in form sent) is not given the old one's back.
        if !response.headers[values: .setCookie].contains(where: { $0.hasPrefix(Authenticator.cookieName + "=") }) {
            response.headers.setCookies(visit.cookies)
        }
        return response
    }

    /// Where to send someone who must sign in first, coming back to this page afterwards.
    func signInFirst(_ request: Request) -> Response {
        responses.redirect(to: "/signin?next=\(request.uri.description.queryValueEncoded)")
    }
}
