package import MarqueeWire

/// Who is looking at a page.
package enum Viewer: Sendable, Equatable {
    /// Nobody is signed in.
    case anonymous
    /// A guest account.
    case guest
    /// An account with an email address or Google; `label` names it in the header.
    case member(label: String)
}

/// The parts of the app a page belongs to, for the navigation's current marker.
package enum Section: String, Sendable {
    case home, movies, tv, genres, search, weather, events, art, favorites, watchlist, downloads, account, settings
    case other
}

/// Everything the layout around a page needs. Flags such as `signedIn` are stored rather than computed from
/// `viewer` because templates see only stored properties (Mustache reads values by reflection).
package struct Chrome: Sendable {
    let title: String
    let nav: [PageLink]
    let viewer: String
    let signedIn: Bool
    let userLabel: String
    let csrf: String?
    let tmdb: Bool
    let google: Bool
    let css: String
    let js: String
    let icon: String
    let manifest: String
    let pageScripts: [String]
    let pageStyles: [String]
    /// The point the page's live stream resumes from (`data-since`).
    let since: String?
    let account: String?
    /// What the person's app is about (`data-experience`), so that a page sees when another device changes it.
    let experience: String

    /// The layout for a page titled `title` in `section`. `csrf` is the session's token for API calls;
    /// `tmdb` adds TMDB's attribution to the footer; `google` offers "Sign in with Google"; `scripts` are the
    /// page's own scripts (after `app.js`) and `styles` its own stylesheets (after `app.css`); `changePoint` is the
    /// person's latest change when the page was drawn (as an event id), which its live stream resumes from;
    /// `account` is the signed-in account's id, which the changes a browser keeps while offline are filed under;
    /// `experience` what the person's app is about, which the navigation leads with.
    package init(
        title: String, section: Section, viewer: Viewer, csrf: String?, tmdb: Bool, google: Bool = false,
        assets: WebAssets, scripts: [String] = [], styles: [String] = [], changePoint: String? = nil,
        account: String? = nil, experience: Experience = .standard
    ) {
        self.title = title
        var links = Self.links(for: experience)
        // A visit to another experience's pages shows where it is, before Settings.
        if let visiting = Self.visited[section], !links.contains(where: { $0.0 == section }) {
            links.insert(visiting, at: links.count - 1)
        }
        nav = links.map { PageLink(href: $0.1, label: $0.2, current: $0.0 == section) }
        switch viewer {
        case .anonymous:
            self.viewer = "anonymous"
            userLabel = ""
        case .guest:
            self.viewer = "guest"
            userLabel = "Guest"
        case .member(let label):
            self.viewer = "member"
            userLabel = label
        }
        signedIn = viewer != .anonymous
        self.csrf = csrf
        self.tmdb = tmdb
        self.google = google
        css = assets.url("app.css")
        js = assets.url("app.js")
        icon = assets.url("icon.svg")
        manifest = assets.url("manifest.webmanifest")
        pageScripts = scripts.map(assets.url)
        pageStyles = styles.map(assets.url)
        since = changePoint
        self.account = account
        self.experience = experience.rawValue
    }

    /// The navigation of an app about `experience`: it leads with the experience's own page (the home page), then
    /// its favourites, then Settings, where the other experiences are one click away. Movies & TV keep their
    /// lists, search, watchlist and downloads.
    static let visited: [Section: (Section, String, String)] = [
        .movies: (.movies, "/movies", "Movies"), .tv: (.tv, "/tv", "TV"), .weather: (.weather, "/weather", "Weather"),
        .events: (.events, "/events", "Events"), .art: (.art, "/art", "Art"),
    ]

    static func links(for experience: Experience) -> [(Section, String, String)] {
        switch experience {
        case .movies:
            [
                (.home, "/", "Home"), (.movies, "/movies", "Movies"), (.tv, "/tv", "TV"),
                (.genres, "/genres", "Genres"), (.search, "/search", "Search"),
                (.favorites, "/favorites", "Favourites"), (.watchlist, "/watchlist", "Watchlist"),
                (.downloads, "/downloads", "Downloads"),
                (.settings, "/settings", "Settings"),
            ]
        case .weather:
            [(.weather, "/", "Weather"), (.settings, "/settings", "Settings")]
        case .events:
            [
                (.events, "/", "Events"), (.favorites, "/favorites?kind=event", "Your favourite events"),
                (.settings, "/settings", "Settings"),
            ]
        case .art:
            [
                (.art, "/", "Art"), (.favorites, "/favorites?kind=artwork", "Your favourite art"),
                (.settings, "/settings", "Settings"),
            ]
        }
    }
}
