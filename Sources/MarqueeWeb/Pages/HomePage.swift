import MarqueeCore
package import MarqueeWire

/// `/`: a random trending hero, then the rows. Guests see the rows locked under an overlay.
package struct HomePage: WebPage {
    package static let template = "home"
    package let chrome: Chrome
    let hero: Hero?
    let rows: [CardRow]
    let gated: Bool

    /// The big title at the top.
    struct Hero: Sendable {
        let card: Card
        let backdrop: String?
        let overview: String?
        let trailer: Trailer?
    }

    /// Cards drawn per row; "See all" has the rest. Keeps the page light (the whole home page stays under 60 KiB).
    static let cardsPerRow = 16

    /// The home page. `heroVideos` are the hero's videos, for its "Play trailer".
    package init(chrome: Chrome, feed: HomeFeed, heroVideos: [Video], gated: Bool) {
        self.chrome = chrome
        hero = feed.hero.map { hero in
            Hero(
                card: Card(hero), backdrop: hero.backdrop?.large,
                overview: hero.overview.flatMap(\.nonEmpty), trailer: Trailer.first(in: heroVideos))
        }
        rows = feed.rows.map { row in
            CardRow(
                id: row.id, title: row.title, seeAll: Self.seeAll(row.seeAll),
                cards: row.results.prefix(Self.cardsPerRow).map(Card.init))
        }
        self.gated = gated
    }

    /// `/api/v1/movies/trending` → `/movies?list=trending`.
    static func seeAll(_ apiPath: String) -> String {
        let parts = apiPath.split(separator: "/")
        guard parts.count == 4 else { return "/" }
        return "/\(parts[2])?list=\(parts[3])"
    }
}

/// A YouTube trailer: loaded only when asked for, from the privacy-enhanced host.
struct Trailer: Sendable {
    let key: String
    let watchURL: String

    /// The first video that can be played this way (details list trailers first).
    static func first(in videos: [Video]) -> Trailer? { videos.lazy.compactMap(Trailer.init).first }

    init?(_ video: Video) {
        guard video.site == "YouTube",
            video.key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }), !video.key.isEmpty
        else { return nil }
        key = video.key
        watchURL = "https://www.youtube.com/watch?v=\(video.key)"
    }
}
