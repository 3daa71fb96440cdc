import Foundation
import MarqueeCore
import MarqueeUpstream
import MarqueeWire

extension RijksmuseumProvider {
    /// The Linked Art ids a search finds, as far as a page needs them: the works by makers matching the query,
    /// then those whose title matches, each once; with the total as well as it is known.
    struct Listing {
        var ids: [String]
        var total: Int
    }

    /// The listing for `query` up to `needed` ids: the first page of both searches at once, then further pages of
    /// the makers' search, and of the titles' once the makers' is exhausted.
    func listing(query: String, needed: Int) async throws -> Listing {
        async let byMaker = searchPage([("creator", query), ("imageAvailable", "true")])
        async let byTitle = searchPage([("title", query), ("imageAvailable", "true")])
        let (makers, titles) = try await (byMaker, byTitle)
        var ids: [String] = []
        var seen = Set<String>()
        let makerWalk = try await walk(
            from: makers, field: "creator", query: query, into: &ids, seen: &seen, needed: needed)
        guard makerWalk.isComplete else {
            return Listing(ids: ids, total: max(ids.count, estimate(makers, walked: makerWalk) + estimate(titles)))
        }
        let titleWalk = try await walk(
            from: titles, field: "title", query: query, into: &ids, seen: &seen, needed: needed)
        let total = titleWalk.isComplete ? ids.count : makerWalk.added + estimate(titles, walked: titleWalk)
        return Listing(ids: ids, total: max(ids.count, total))
    }

    /// How far one search was read: how many new ids it added, and whether its last page was reached.
    struct Walk {
        var added: Int
        var isComplete: Bool
    }

    /// Adds the ids of `first` and of the pages after it to `ids` until there are `needed`.
    private func walk(
        from first: LinkedArtSearchPage, field: String, query: String, into ids: inout [String],
        seen: inout Set<String>, needed: Int
    ) async throws -> Walk {
        var page = first
        var added = 0
        var tokens = Set<String>()
        // The museum's pages are trusted no further than this: a page that brings nothing new, a token seen before,
        // or more pages than the ids needed could fill ends the walk.
        let maxPages = needed / 100 + 2
        while true {
            let before = added
            for id in page.ids.compactMap(Self.localID) where seen.insert(id).inserted {
                ids.append(id)
                added += 1
            }
            guard let token = page.nextPageToken else { return Walk(added: added, isComplete: true) }
            guard ids.count < needed else { return Walk(added: added, isComplete: false) }
            guard added > before, tokens.insert(token).inserted, tokens.count < maxPages else {
                return Walk(added: added, isComplete: true)
            }
            page = try await searchPage([(field, query), ("imageAvailable", "true"), ("pageToken", token)])
        }
    }

    /// How many works a search finds: what it says, or at least what was read and a page more.
    private func estimate(_ first: LinkedArtSearchPage, walked: Walk? = nil) -> Int {
        let read = walked?.added ?? first.ids.count
        if first.nextPageToken == nil, walked == nil { return read }
        return max(first.total ?? 0, read + ArtPage.size)
    }

    /// One page of the museum's search for `parameters`; nothing found when the search answers 404.
    func searchPage(_ parameters: [(String, String)]) async throws -> LinkedArtSearchPage {
        let query = parameters.map { "\($0.0)=\($0.1.queryValueEncoded)" }.joined(separator: "&")
        let fetched: FetchedBody
        do {
            fetched = try await fetcher.current(
                cacheKey: "rijksmuseum:search?\(query)", url: "\(searchURL)?\(query)",
                headers: [("Accept", "application/ld+json, application/json")], logPath: "/search/collection",
                freshFor: Self.searchFreshFor, servableFor: Self.servableFor)
        } catch let error as DomainError where error.code == .catalogNotFound {
            return LinkedArtSearchPage(ids: [])
        }
        guard let page = try? JSONDecoder().decode(LinkedArtSearchPage.self, from: Data(fetched.body)) else {
            throw Self.unreadable
        }
        return page
    }
}
