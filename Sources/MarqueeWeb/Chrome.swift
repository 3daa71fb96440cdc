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
    case home, movies, tv, genres, search, weather, favorites, watchlist, downloads, account, other
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
        var links: [(Section, String, String)] = [
            (.home, "/", "Home"), (.movies, "/movies", "Movies"), (.tv, "/tv", "TV"), (.genres, "/genres", "Genres"),
            (.search, "/search", "Search"), (.weather, "/weather", "Weather"), (.favorites, "/favorites", "Favourites"),
            (.watchlist, "/watchlist", "Watchlist"), (.downloads, "/downloads", "Downloads"),
        ]
        // The navigation leads with the experience the person chose, whose page is their home.
        if experience == .weather {
            links.removeAll { $0.0 == .home || $0.0 == .weather }
            links.insert((.weather, "/", "Weather"), at: 0)
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
    }
}
