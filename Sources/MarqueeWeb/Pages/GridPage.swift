import MarqueeCore
package import MarqueeWire

/// A paged grid of cards with tabs: `/movies`, `/tv`, a genre's titles and "See all" lists. Without JavaScript it
/// pages with a link; with it, the next page loads as the end of the grid scrolls into view.
package struct GridPage: WebPage {
    package static let template = "grid"
    package let chrome: Chrome
    let heading: String
    let tabs: [PageLink]
    let sorts: [PageLink]
    let cards: [Card]
    let page: Int
    let totalPages: Int
    let api: String
    let next: String?
    let previous: String?
    /// The card the script draws more of (`card-template.mustache`).
    let cardTemplate = Card.template

    /// A grid of `results`. `pageURL(n)` is this page's address for page n; `api` the API path the script pages
    /// through (without `page`).
    package init(
        chrome: Chrome, heading: String, tabs: [PageLink], sorts: [PageLink] = [], results: Page<MediaSummary>,
        api: String,
        pageURL: (Int) -> String
    ) {
        self.chrome = chrome
        self.heading = heading
        self.tabs = tabs
        self.sorts = sorts
        cards = results.results.map(Card.init)
        page = results.page
        totalPages = results.totalPages
        self.api = api
        next = results.page < results.totalPages ? pageURL(results.page + 1) : nil
        previous = results.page > 1 ? pageURL(results.page - 1) : nil
    }
}

/// `/genres`: every genre of movies or TV, as links to their titles.
package struct GenresPage: WebPage {
    package static let template = "genres"
    package let chrome: Chrome
    let tabs: [PageLink]
    let genres: [PageLink]

    /// The genre list for `kind` (movie or tv).
    package init(chrome: Chrome, kind: MediaKind, genres: [Genre]) {
        self.chrome = chrome
        tabs = [
            .init(href: "/genres?kind=movie", label: "Movies", current: kind == .movie),
            .init(href: "/genres?kind=tv", label: "TV", current: kind == .tv),
        ]
        self.genres = genres.map { PageLink(href: "/genres?kind=\(kind.rawValue)&genre=\($0.id)", label: $0.name) }
    }
}
