/// A numbered page of works of art, shaped like every other page (`{page, results, total_pages, total_results}`),
/// with where the results come from.
public struct ArtPage: Codable, Sendable, Equatable {
    /// The 1-based page number.
    public var page: Int
    /// The works on this page.
    public var results: [ArtworkSummary]
    /// How many pages there are in all (at least 1).
    public var totalPages: Int
    /// How many works there are in all; for a live search, as the museum counts them (works whose image cannot
    /// be found are left out of a page, so a page may hold fewer).
    public var totalResults: Int
    /// `rijksmuseum` (the museum's live search) or `embedded` (the sample shipped with Marquee).
    public var source: String
    /// The museum's search could not be reached, so these results come from the embedded sample.
    public var liveSearchUnavailable: Bool

    /// Creates a page.
    public init(
        page: Int, results: [ArtworkSummary], totalPages: Int, totalResults: Int, source: String,
        liveSearchUnavailable: Bool = false
    ) {
        self.page = page
        self.results = results
        self.totalPages = totalPages
        self.totalResults = totalResults
        self.source = source
        self.liveSearchUnavailable = liveSearchUnavailable
    }
}

extension ArtPage {
    /// Works per page.
    public static var size: Int { 20 }
}
