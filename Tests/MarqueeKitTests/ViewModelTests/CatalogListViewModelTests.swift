import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

/// "See all": a list read a page at a time, and the lists a home row names.
@MainActor @Suite struct CatalogListViewModelTests {
    /// Three pages of two titles, the second repeating the first page's last title (as a list that shifts does).
    private static func threePages() -> ViewModelScriptedTransport {
        ViewModelScriptedTransport { request in
            let page = Int(request.query("page") ?? "1") ?? 1
            let titles: [MediaSummary] =
                switch page {
                case 1: [ViewModelFixtures.movie(1, "One"), ViewModelFixtures.movie(2, "Two")]
                case 2: [ViewModelFixtures.movie(2, "Two"), ViewModelFixtures.movie(3, "Three")]
                default: [ViewModelFixtures.movie(4, "Four")]
                }
            return .titles(titles, page: page, totalPages: 3)
        }
    }

    @Test func pagesAreReadInTurnWithoutRepeats() async throws {
        let transport = Self.threePages()
        let model = CatalogListViewModel(
            client: ViewModelFixtures.client(transport), source: .movies(.popular), title: "Popular")
        await model.load()
        #expect(model.state.content?.items.map(\.id) == [1, 2])
        await model.loadMore()
        #expect(model.state.content?.items.map(\.id) == [1, 2, 3])
        #expect(model.state.content?.hasMore == true)
        await model.loadMore()
        #expect(model.state.content?.items.map(\.id) == [1, 2, 3, 4])
        #expect(model.state.content?.hasMore == false)
        await model.loadMore()
        let pages = await transport.requests(to: "GET /api/v1/movies/popular").compactMap { $0.query("page") }
        #expect(pages == ["1", "2", "3"])
    }

    @Test func aPageThatFailsKeepsWhatWasRead() async throws {
        let transport = ViewModelScriptedTransport { request in
            request.query("page") == "1"
                ? .titles([ViewModelFixtures.movie(1, "One")], totalPages: 2)
                : .error(502, "upstream.unavailable", "TMDB cannot be reached right now.")
        }
        let model = CatalogListViewModel(
            client: ViewModelFixtures.client(transport), source: .tv(.onTheAir), title: "On the air")
        await model.load()
        await model.loadMore()
        #expect(model.state.content?.items.map(\.id) == [1])
        #expect(model.loadMoreError == "TMDB cannot be reached right now.")
        #expect(!model.isLoadingMore)
    }

    @Test func loadingTwiceReadsOnce() async throws {
        let transport = Self.threePages()
        let model = CatalogListViewModel(
            client: ViewModelFixtures.client(transport), source: .popularPeople, title: "People")
        await model.load()
        await model.load()
        #expect(await transport.requests.count == 1)
    }

    @Test func seeAllPathsNameTheirLists() {
        #expect(CatalogListSource(seeAll: "/api/v1/movies/top_rated") == .movies(.topRated))
        #expect(CatalogListSource(seeAll: "/api/v1/movies/trending?window=week") == .movies(.trending, window: .week))
        #expect(CatalogListSource(seeAll: "/api/v1/tv/airing_today") == .tv(.airingToday))
        #expect(CatalogListSource(seeAll: "/api/v1/people/popular") == .popularPeople)
        #expect(CatalogListSource(seeAll: "/api/v1/movies/unknown") == nil)
        #expect(CatalogListSource(seeAll: "/api/v2/movies/popular") == nil)
    }
}
