import Foundation
import MarqueeCore
package import MarqueeWire

/// A poster card in a row or grid: links to the item's page and carries what a heart needs to save it.
package struct Card: Sendable {
    let kind: String
    let id: String
    let href: String
    let title: String
    let sub: String?
    /// The subtitle a heart saves, when it is not the one shown (a cast card shows the character played; the
    /// person is saved as an actor).
    var savedSub: String?
    let image: String
    /// What else a heart saves with the item (its snapshot's `extra`, as JSON): an event's date, so that the
    /// favourite can say when the event has ended.
    var extra: String? = nil

    /// A card for a movie, show or person from a list.
    package init(_ item: MediaSummary) {
        let sub: String? =
            switch item.mediaType {
            case .person: item.knownForDepartment
            default: item.year.map(String.init)
            }
        self.init(
            kind: item.mediaType, id: item.id, title: item.title, sub: sub,
            image: (item.mediaType == .person ? item.profile : item.poster)?.small)
    }

    /// A card for a cast member, with the character they play.
    package init(cast: CastCredit) {
        self.init(
            kind: .person, id: cast.id, title: cast.name, sub: cast.character, image: cast.profile?.small,
            savedSub: "Acting")
    }

    /// A card for an item of another experience (an event, a work of art).
    package init(
        kind: SavedKind, id: String, title: String, sub: String?, image: String?, extra: [String: String]? = nil
    ) {
        self.kind = kind.rawValue
        self.id = id
        href = Card.href(kind: kind.rawValue, id: id)
        self.title = title
        self.sub = sub.flatMap(\.nonEmpty)
        savedSub = nil
        self.image = image ?? Card.noImage
        self.extra = extra.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    init(kind: MediaKind, id: Int, title: String, sub: String?, image: String?, savedSub: String? = nil) {
        self.kind = kind.rawValue
        self.id = String(id)
        self.href = Card.href(kind: kind.rawValue, id: String(id))
        self.title = title
        self.sub = sub.flatMap(\.nonEmpty)
        self.savedSub = savedSub
        self.image = image ?? Card.noImage
    }

    /// The card the scripts clone and fill in (`<template id="card-template">`), so that a card's markup is written
    /// once, in `card.mustache`. Every optional part is there, for the script to fill or remove.
    static let template = Card(kind: "", id: "", title: "", sub: "", savedSub: nil, image: noImage)

    private init(kind: String, id: String, title: String, sub: String, savedSub: String?, image: String) {
        self.kind = kind
        self.id = id
        href = ""
        self.title = title
        self.sub = sub
        self.savedSub = savedSub
        self.image = image
    }

    /// An item's image described: a person's photo or a title's poster.
    static func alt(isPerson: Bool, title: String) -> String {
        isPerson ? "Photo of \(title)" : "Poster of \(title)"
    }

    /// The placeholder drawn where an item has no image.
    static let noImage = "/static/no-image.svg"

    /// The page of an item: `/movie/603`, `/tv/1399`, `/person/6384`.
    package static func href(kind: String, id: String) -> String {
        "\(pagePrefix[kind] ?? "/\(kind)")/\(id.addingPercentEncoding(withAllowedCharacters: pathSegment) ?? id)"
    }

    /// What an id may hold in a link's path as it is: its own characters (`SK-C-5`, `RP-T-1930-54(V)`) pass.
    private static let pathSegment = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#%"))

    /// Where each kind's pages are, when not at `/{kind}`.
    static let pagePrefix = ["city": "/weather", "event": "/events", "artwork": "/art"]
}

/// A titled, horizontally scrolling row of cards.
package struct CardRow: Sendable {
    let id: String
    let title: String
    let seeAll: String?
    let cards: [Card]

    /// A row; `seeAll` links to the full, paged list.
    package init(id: String, title: String, seeAll: String? = nil, cards: [Card]) {
        self.id = id
        self.title = title
        self.seeAll = seeAll
        self.cards = cards
    }
}
