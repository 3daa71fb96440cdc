import Foundation
public import MarqueeCore

/// `/favorites` and `/watchlist`: the person's saved items with tabs per kind, sort, search, notes, watched and
/// rating. The script keeps it live: changes made on other devices arrive over the change stream.
public struct SavedPage: WebPage {
    public static let template = "saved"
    public let chrome: Chrome
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
    let items: [Entry]
    let filtered: Bool
    let next: String?

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
    }

    /// The page for `list`, showing `items`; `next` is the cursor of the following page. (Its live stream resumes
    /// from the sequence number `chrome` carries.)
    public init(
        chrome: Chrome, list: SavedList, kind: SavedKind?, sort: String, order: String, query: String,
        items: [SavedItem], next: String?
    ) {
        self.chrome = chrome
        self.sort = sort
        self.order = order
        self.list = list.rawValue
        heading = list == .favorites ? "Favourites" : "Watchlist"
        isWatchlist = list == .watchlist
        let base = "/\(list.rawValue)"
        let kinds: [(SavedKind?, String)] = [(nil, "All"), (.movie, "Movies"), (.tv, "TV"), (.person, "People")]
        tabs = kinds.filter { list == .favorites || $0.0 != .person }.map { choice, label in
            PageLink(href: choice.map { "\(base)?kind=\($0.rawValue)" } ?? base, label: label, current: choice == kind)
        }
        let sortChoices = [
            ("created.desc", "Newest first"), ("created.asc", "Oldest first"), ("updated.desc", "Recently changed"),
            ("title.asc", "Title A–Z"), ("title.desc", "Title Z–A"),
        ]
        sorts = sortChoices.map { Choice(value: $0.0, label: $0.1, selected: $0.0 == "\(sort).\(order)") }
        self.query = query
        self.kind = kind?.rawValue
        self.items = items.map(Entry.init)
        filtered = kind != nil || !query.isEmpty
        var parameters = ["sort=\(sort)", "order=\(order)"]
        if let kind { parameters.append("kind=\(kind.rawValue)") }
        if !query.isEmpty { parameters.append("q=\(query.queryValueEncoded)") }
        self.next = next.map { "\(base)?\(parameters.joined(separator: "&"))&cursor=\($0.queryValueEncoded)" }
    }
}

extension SavedPage.Entry {
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
