/// A numbered page of the events near a place, shaped like `Page`: `{page, results, total_pages, total_results}`,
/// with the place they are near and where they come from.
public struct EventsPage: Codable, Sendable, Equatable {
    /// The 1-based page number.
    public var page: Int
    /// The events on this page, soonest first.
    public var results: [EventSummary]
    /// How many pages can be asked for (at least 1; Ticketmaster pages through the first 1,000 events only).
    public var totalPages: Int
    /// How many events match in all.
    public var totalResults: Int
    /// The city the search was around, as the city index resolved what was typed.
    public var place: City
    /// `ticketmaster`, or `demo` for the fictional demo programme.
    public var source: EventSource

    /// Creates a page.
    public init(
        page: Int, results: [EventSummary], totalPages: Int, totalResults: Int, place: City, source: EventSource
    ) {
        self.page = page
        self.results = results
        self.totalPages = totalPages
        self.totalResults = totalResults
        self.place = place
        self.source = source
    }
}
