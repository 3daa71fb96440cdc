public import MarqueeWire

/// `/api/v1/events`: upcoming events near a place.
extension MarqueeClient {
    /// A page of the events near `place` (a city's name, such as `Amsterdam` or `Paris, FR`, or its GeoNames id),
    /// soonest first, matching `text` if given.
    public func events(near place: String, matching text: String? = nil, page: Int = 1) async throws -> EventsPage {
        try await value(
            APIRequest("GET", ["events"], query: [("place", place), ("q", text), ("page", String(page))]))
    }

    /// Every event near `place`, a page at a time, the next page fetched while this one is read.
    public func allEvents(near place: String, matching text: String? = nil) -> PagedSequence<EventSummary> {
        .numbered { page in try await self.events(near: place, matching: text, page: page) }
    }

    /// One event, with its venue, prices and where to buy tickets.
    public func event(id: String) async throws -> EventDetails {
        try await value(APIRequest("GET", ["events", id]))
    }
}
