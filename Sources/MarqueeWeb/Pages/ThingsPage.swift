package import MarqueeWire

/// `/art` and `/events` (and the home page of an app about them): a search form over a paged grid of cards, and
/// what the source says about itself. Without JavaScript it pages with a link; with it, as the grid's end nears.
package struct ThingsPage: WebPage {
    package static let template = "things"
    package let chrome: Chrome
    let heading: String
    let action: String
    let fields: [Field]
    let notice: String?
    let emptyText: String?
    /// Places to try instead (the demo programme's cities).
    let suggestions: [PageLink]
    let suggestionsLabel: String
    let cards: [Card]
    let page: Int
    let totalPages: Int
    let api: String?
    let next: String?
    let previous: String?
    let attribution: String
    let attributionURL: String?
    /// A guest's search: its results are shown locked, behind "Create account", as search is for movies.
    let gated: Bool
    let cardTemplate = Card.template

    /// One search box of the form.
    package struct Field: Sendable {
        let name: String
        let label: String
        let value: String
        let placeholder: String

        /// A box named `name` (the query parameter), labelled `label`, holding `value`.
        package init(name: String, label: String, value: String, placeholder: String) {
            self.name = name
            self.label = label
            self.value = value
            self.placeholder = placeholder
        }
    }

    /// A grid of `cards` (page `page` of `totalPages`) under a form that sends `fields` to `action`. `api` is the
    /// API path the script pages through (nil: no paging); `pageURL(n)` this page's address for page n.
    package init(
        chrome: Chrome, heading: String, action: String, fields: [Field], notice: String? = nil,
        emptyText: String? = nil, suggestions: [PageLink] = [], suggestionsLabel: String = "", cards: [Card],
        page: Int = 1, totalPages: Int = 1, api: String? = nil, attribution: String, attributionURL: String? = nil,
        gated: Bool = false, pageURL: (Int) -> String = { _ in "" }
    ) {
        self.chrome = chrome
        self.heading = heading
        self.action = action
        self.fields = fields
        self.notice = notice
        self.emptyText = emptyText
        self.suggestions = suggestions
        self.suggestionsLabel = suggestionsLabel
        self.cards = cards
        self.page = page
        self.totalPages = totalPages
        self.api = api
        next = page < totalPages ? pageURL(page + 1) : nil
        previous = page > 1 ? pageURL(page - 1) : nil
        self.attribution = attribution
        self.attributionURL = attributionURL
        self.gated = gated
    }
}

extension Card {
    /// A work of art's card: its thumbnail, title, maker and date.
    package init(_ work: ArtworkSummary) {
        self.init(
            kind: .artwork, id: work.id, title: work.title,
            sub: [work.maker, work.date].compactMap { $0 }.joined(separator: ", "), image: work.thumbnailURL)
    }

    /// An event's card: its picture, name, and a line with its start and venue ("Demo event" first for the demo
    /// programme's). A heart saves the venue and city as its subtitle, and `extra` (its start), so that the
    /// favourite can say when it has ended.
    package init(_ event: EventSummary, extra: [String: String]?) {
        self.init(
            kind: .event, id: event.id, title: event.name, sub: EventFormatting.cardLine(event), image: event.imageURL,
            extra: extra)
        savedSub = [event.venue, event.city].compactMap { $0 }.joined(separator: ", ")
    }
}
