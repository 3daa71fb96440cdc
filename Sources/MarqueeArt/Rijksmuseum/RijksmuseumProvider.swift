package import Foundation
package import Logging
import MarqueeCore
package import MarqueeUpstream
package import MarqueeWire

/// Works of art from the Rijksmuseum's keyless services, through the upstream cache: its search finds Linked Art
/// ids, 100 a page; each object's Linked Art document gives its facts, and its visual item and digital object lead
/// to its IIIF image. Resolved works are cached for 30 days, and the latest thousands kept in memory too.
package struct RijksmuseumProvider: ArtProvider {
    let searchURL: String
    let idURL: String
    let fetcher: UpstreamFetcher
    let highlights: [String]
    let memo: ArtworkMemo
    let imageOutage = OutageWindow(duration: 60)
    let logger: Logger
    let now: @Sendable () -> Date

    /// A resolved object, its visual item and its digital object are fresh this long.
    static let freshFor: TimeInterval = 30 * 86_400
    /// A search page is fresh this long.
    static let searchFreshFor: TimeInterval = 86_400
    /// What the fetcher cached is served, marked stale, this long while the museum cannot be reached.
    static let servableFor: TimeInterval = 183 * 86_400
    /// Objects resolved at once for one page.
    static let parallelLookups = 6
    /// The deepest a search goes: 50 pages of 20.
    static let maxResults = 1_000

    /// The museum's search at `searchURL` (`https://data.rijksmuseum.nl/search/collection`) and Linked Art documents
    /// under `idURL` (`https://id.rijksmuseum.nl`), called through `fetcher`. An empty query gives `highlights`
    /// (object numbers, in order); at most `memoCapacity` resolved works are kept in memory.
    package init(
        searchURL: String, idURL: String, fetcher: UpstreamFetcher, highlights: [String], memoCapacity: Int = 5_000,
        logger: Logger, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.searchURL = Self.trimmed(searchURL)
        self.idURL = Self.trimmed(idURL)
        self.fetcher = fetcher
        self.highlights = highlights
        memo = ArtworkMemo(capacity: memoCapacity, maxAge: Self.freshFor)
        self.logger = logger
        self.now = now
    }

    package func search(query: String, page: Int) async throws -> ArtPage {
        let page = max(1, page)
        let query = query.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let first = (page - 1) * ArtPage.size
        guard !query.isEmpty else {
            let numbers = Array(highlights.dropFirst(first).prefix(ArtPage.size))
            let works = try await tiles(numbers) { try await self.artwork(id: $0) }
            return Self.page(page, works, total: highlights.count)
        }
        guard first < Self.maxResults else {
            // Past the deepest page: nothing, with the total the first page gives (read once, then cached).
            let listing = try await listing(query: query, needed: 1)
            return Self.page(page, [], total: min(listing.total, Self.maxResults))
        }
        let listing = try await listing(query: query, needed: first + ArtPage.size)
        let ids = Array(listing.ids.dropFirst(first).prefix(ArtPage.size))
        let works = try await tiles(ids) { try await self.resolve(linkedID: $0) }
        return Self.page(page, works, total: min(listing.total, Self.maxResults))
    }

    package func artwork(id: String) async throws -> ArtworkDetails {
        let number = try ObjectNumber(id).value
        if let linkedID = memo.linkedID(objectNumber: number), let known = memo.work(linkedID: linkedID, at: now()) {
            return known
        }
        let found = try await searchPage([("objectNumber", number)]).ids
        // Only the search above is charged to an anonymous caller: what it leads to is the museum's own data, which
        // no one can make up, and a work takes three calls to resolve.
        let details = try await UpstreamCaller.$current.withValue(nil) {
            try await firstWork(among: Array(found.prefix(3)), numbered: number)
        }
        guard let details else {
            throw DomainError(.artworkNotFound, "The Rijksmuseum has no work with object number \(number).")
        }
        return details
    }

    /// The first of `linkedIDs` whose object number is `number` (the museum's search may find others too).
    private func firstWork(among linkedIDs: [String], numbered number: String) async throws -> ArtworkDetails? {
        for linkedID in linkedIDs {
            let details: ArtworkDetails
            do {
                details = try await resolve(linkedID: linkedID)
            } catch let error as DomainError where error.code == .artworkNotFound {
                continue
            }
            if details.id.caseInsensitiveCompare(number) == .orderedSame {
                memo.remember(objectNumber: number, linkedID: linkedID)
                return details
            }
        }
        return nil
    }

    private static func page(_ page: Int, _ works: [ArtworkSummary], total: Int) -> ArtPage {
        ArtPage(
            page: page, results: works, totalPages: max(1, (total + ArtPage.size - 1) / ArtPage.size),
            totalResults: total, source: ArtSource.rijksmuseum.rawValue)
    }

    private static func trimmed(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }
}
