/// A numbered page of results, shaped like TMDB's: `{page, results, total_pages, total_results}`.
public struct Page<Item: Codable & Sendable>: Codable, Sendable {
    /// The 1-based page number.
    public var page: Int
    /// The items on this page.
    public var results: [Item]
    /// How many pages there are in all (at least 1).
    public var totalPages: Int
    /// How many items there are in all.
    public var totalResults: Int

    /// Creates a page.
    public init(page: Int, results: [Item], totalPages: Int, totalResults: Int) {
        self.page = page
        self.results = results
        self.totalPages = totalPages
        self.totalResults = totalResults
    }
}

extension Page {
    /// Items per page, as TMDB.
    public static var defaultSize: Int { 20 }
    /// The highest page number any list accepts, as TMDB.
    public static var maxPage: Int { 500 }
}

extension Page: Equatable where Item: Equatable {}
