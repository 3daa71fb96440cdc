package import MarqueeWire

/// Where works of art come from: the Rijksmuseum's live services, the embedded sample, a test's fake.
package protocol ArtProvider: Sendable {
    /// Page `page` (from 1) of the works whose title or maker matches `query`, `ArtPage.size` to a page; an empty
    /// query gives the museum's highlights, in the museum's order.
    func search(query: String, page: Int) async throws -> ArtPage

    /// The work with object number `id` (`SK-C-5`); `art.bad_id` when it cannot be one, `art.not_found` when no
    /// work has it.
    func artwork(id: String) async throws -> ArtworkDetails
}

/// Where the facts about a work come from, as `ArtPage.source` and `ArtworkDetails.source` say.
package enum ArtSource: String, Sendable {
    /// The museum's live services.
    case rijksmuseum
    /// The sample shipped with Marquee.
    case embedded
}
