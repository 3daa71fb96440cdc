/// Everything the home page shows, in one response.
public struct HomeFeed: Codable, Sendable, Equatable {
    /// A random trending title that has a backdrop, if any has one.
    public var hero: MediaSummary?
    /// The rows under the hero, in display order.
    public var rows: [HomeRow]

    /// Creates a home feed.
    public init(hero: MediaSummary?, rows: [HomeRow]) {
        self.hero = hero
        self.rows = rows
    }
}

/// One horizontally scrolling row of the home page.
public struct HomeRow: Codable, Sendable, Equatable {
    /// A stable identifier, e.g. `trending_movies`.
    public var id: String
    /// The row's heading.
    public var title: String
    /// The API path of the full list ("See all").
    public var seeAll: String
    /// The first page of the list.
    public var results: [MediaSummary]

    /// Creates a row.
    public init(id: String, title: String, seeAll: String, results: [MediaSummary]) {
        self.id = id
        self.title = title
        self.seeAll = seeAll
        self.results = results
    }
}
