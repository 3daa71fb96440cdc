import Foundation
import MarqueeCore
package import MarqueeWire

/// `/favorites` and `/watchlist`: the person's saved items with tabs per kind, sort, search, notes, watched and
/// rating. The script keeps it live: changes made on other devices arrive over the change stream.
package struct SavedPage: WebPage {
    package static let template = "saved"
    package let chrome: Chrome
    let list: String
    let heading: String
    let isWatchlist: Bool
    let tabs: [PageLink]
    let sorts: [Choice]
    /// The order shown, which decides where an item saved on another device goes (saved.js).
    let sort: String
    let order: String
    let query: String
    let kind: String?
    /// The watchlist's Show menu, and its filter for saved.js (`true`, `false` or empty).
    let shows: [Choice]
    let watched: String
    let items: [Entry]
    let filtered: Bool
    let next: String?
    /// The entry the script clones and fills in for an item that arrives live (`saved-entry.mustache`).
    let entryTemplate = Entry.template

    /// One saved item as the list shows it.
    struct Entry: Sendable {
        let kind: String
        let id: String
        let href: String
        let title: String
        let sub: String?
        let image: String
        let note: String?
        let watched: Bool
        let watchedOn: String?
        let rating: String?
        let ratings: [Choice]
        let imageAlt: String
        /// A favourite event that has taken place: it stays, marked.
        var ended = false
    }

    /// What the watchlist shows, as its Show menu (`show=`) names it.
    package enum Show: String, CaseIterable, Sendable {
        case all
        case toWatch = "to_watch"
        case watched

        /// The API's `watched` filter for this choice.
        package var watched: Bool? {
            switch self {
            case .all: nil
            case .toWatch: false
            case .watched: true
            }
        }

        var label: String {
            switch self {
            case .all: "All"
            case .toWatch: "To watch"
            case .watched: "Watched"
            }
        }
    }

    /// The page for `list`, showing `items` (of `kind` and, on the watchlist, `watched` or not, when given); `next`
    /// is the cursor of the following page. (Its live stream resumes from the point `chrome` carries.)
    package init(
        chrome: Chrome, list: SavedList, kind: SavedKind?, watched: Bool? = nil, sort: String, order: String,
        query: String, items: [SavedItem], next: String?, hasEnded: (SavedItem) -> Bool = { _ in false }
    ) {
        self.chrome = chrome
        self.sort = sort
        self.order = order
        self.list = list.rawValue
        heading =
            switch (list, kind) {
            case (.favorites, .event): "Your favourite events"
            case (.favorites, .artwork): "Your favourite art"
            case (.favorites, .city): "Your favourite cities"
            case (.favorites, _): "Favourites"
            case (.watchlist, _): "Watchlist"
            }
        isWatchlist = list == .watchlist
        let base = "/\(list.rawValue)"
        let show = Show.allCases.first { $0.watched == watched } ?? .all
        shows = Show.allCases.map { Choice(value: $0.rawValue, label: $0.label, selected: $0 == show) }
        self.watched = watched.map(String.init) ?? ""
        // Kind tabs keep the Show choice: switching to TV while looking at what is left to watch stays there.
        let showParameter = show == .all ? nil : "show=\(show.rawValue)"
        let kinds: [(SavedKind?, String)] = [
            (nil, "All"), (.movie, "Movies"), (.tv, "TV"), (.person, "People"), (.city, "Cities"), (.event, "Events"),
            (.artwork, "Art"),
        ]
        tabs = kinds.filter { list == .favorites || $0.0 == nil || $0.0 == .movie || $0.0 == .tv }.map {
            choice, label in
            let parameters = [choice.map { "kind=\($0.rawValue)" }, showParameter].compactMap { $0 }
            return PageLink(
                href: parameters.isEmpty ? base : "\(base)?\(parameters.joined(separator: "&"))", label: label,
                current: choice == kind)
        }
        let watchlistSorts =
            list == .watchlist ? [("watched.desc", "Recently watched"), ("rating.desc", "Highest rated")] : []
        let sortChoices =
            [
                ("created.desc", "Newest first"), ("created.asc", "Oldest first"), ("updated.desc", "Recently changed"),
                ("title.asc", "Title A–Z"), ("title.desc", "Title Z–A"),
            ] + watchlistSorts
        sorts = sortChoices.map { Choice(value: $0.0, label: $0.1, selected: $0.0 == "\(sort).\(order)") }
        self.query = query
        self.kind = kind?.rawValue
        self.items = items.map { item in
            var entry = Entry(item)
            entry.ended = hasEnded(item)
            return entry
        }
        filtered = kind != nil || !query.isEmpty || watched != nil
        var parameters = ["sort=\(sort)", "order=\(order)"]
        if let kind { parameters.append("kind=\(kind.rawValue)") }
        if let showParameter { parameters.append(showParameter) }
        if !query.isEmpty { parameters.append("q=\(query.queryValueEncoded)") }
        self.next = next.map { "\(base)?\(parameters.joined(separator: "&"))&cursor=\($0.queryValueEncoded)" }
    }
}

extension SavedPage.Entry {
    /// An entry with every optional part there, for the script to fill or remove.
    static let template = SavedPage.Entry(
        kind: "", id: "", href: "", title: "", sub: "", image: Card.noImage, note: "", watched: true, watchedOn: "",
        rating: "", ratings: (1...10).map { Choice(value: String($0), label: String($0), selected: false) },
        imageAlt: "")

    init(_ item: SavedItem) {
        kind = item.kind.rawValue
        id = item.id
        href = Card.href(kind: item.kind.rawValue, id: item.id)
        title = item.snapshot.title
        sub = item.snapshot.subtitle
        image = item.snapshot.imageURL ?? Card.noImage
        note = item.note
        watched = item.watchedAt != nil
        watchedOn = item.watchedAt.map(Formatting.day)
        rating = item.rating.map(String.init)
        ratings = (1...10).map { Choice(value: String($0), label: String($0), selected: $0 == item.rating) }
        imageAlt = Card.alt(isPerson: item.kind == .person, title: item.snapshot.title)
    }
}
