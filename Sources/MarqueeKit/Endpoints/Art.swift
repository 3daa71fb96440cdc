public import MarqueeWire

/// `/api/v1/art`: works of art, searched by title or maker.
extension MarqueeClient {
    /// A page of works matching `text`; the museum's highlights when nil.
    public func artworks(matching text: String? = nil, page: Int = 1) async throws -> ArtPage {
        try await value(APIRequest("GET", ["art"], query: [("q", text), ("page", String(page))]))
    }

    /// Every work matching `text`, a page at a time, the next page fetched while this one is read.
    public func allArtworks(matching text: String? = nil) -> PagedSequence<ArtworkSummary> {
        .numbered { page in try await self.artworks(matching: text, page: page) }
    }

    /// One work by its object number (`SK-C-5`).
    public func artwork(id: String) async throws -> ArtworkDetails {
        try await value(APIRequest("GET", ["art", id]))
    }
}
