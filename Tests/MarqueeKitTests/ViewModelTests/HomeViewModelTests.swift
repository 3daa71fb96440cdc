import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

/// How a screen's state goes from idle to loading, then to its content, the empty state or the server's reason.
@MainActor @Suite struct HomeViewModelTests {
    @Test func loadsTheFeed() async throws {
        let feed = HomeFeed(
            hero: ViewModelFixtures.movie(603, "The Matrix"),
            rows: [HomeRow(id: "trending_movies", title: "Trending", seeAll: "/api/v1/movies/trending", results: [])])
        let model = HomeViewModel(client: ViewModelFixtures.client(ViewModelScriptedTransport { _ in .json(feed) }))
        #expect(model.state == .idle)
        await model.load()
        #expect(model.state == .loaded(feed))
    }

    @Test func showsLoadingWhileTheAnswerIsOnItsWay() async throws {
        let gate = ViewModelGate()
        let transport = ViewModelScriptedTransport { _ in
            try await gate.wait()
            return .json(HomeFeed(hero: nil, rows: []))
        }
        let model = HomeViewModel(client: ViewModelFixtures.client(transport))
        let loading = Task { await model.load() }
        await transport.waitForRequests(1)
        #expect(model.state == .loading)
        await gate.open()
        await loading.value
        #expect(model.state == .empty)
    }

    @Test func aFeedWithNothingInItIsEmpty() async throws {
        let feed = HomeFeed(
            hero: nil, rows: [HomeRow(id: "popular", title: "Popular", seeAll: "/api/v1/movies/popular", results: [])])
        let model = HomeViewModel(client: ViewModelFixtures.client(ViewModelScriptedTransport { _ in .json(feed) }))
        await model.load()
        #expect(model.state == .empty)
    }

    @Test func aRefusalShowsTheServersMessageAndCode() async throws {
        let transport = ViewModelScriptedTransport { _ in
            .error(503, "catalog.unavailable", "The catalog is resting. Try again in a minute.")
        }
        let model = HomeViewModel(client: ViewModelFixtures.client(transport))
        await model.load()
        #expect(
            model.state
                == .failed(message: "The catalog is resting. Try again in a minute.", code: "catalog.unavailable"))
        #expect(model.state.errorMessage == "The catalog is resting. Try again in a minute.")
    }

    @Test func noNetworkSaysOffline() async throws {
        let model = HomeViewModel(
            client: ViewModelFixtures.client(
                ViewModelScriptedTransport { _ in throw URLError(.notConnectedToInternet) }))
        await model.load()
        #expect(model.state.errorMessage?.hasPrefix("You're offline") == true)
        #expect(model.state.errorCode == nil)
    }

    @Test func aCancelledLoadIsNotAFailure() async throws {
        let gate = ViewModelGate()
        let transport = ViewModelScriptedTransport { _ in
            try await gate.wait()
            return .json(HomeFeed(hero: nil, rows: []))
        }
        let model = HomeViewModel(client: ViewModelFixtures.client(transport))
        let loading = Task { await model.load() }
        await transport.waitForRequests(1)
        loading.cancel()
        await loading.value
        #expect(model.state == .idle)
    }

    @Test func refreshKeepsTheFeedOnScreenUntilTheNewOneComes() async throws {
        let first = HomeFeed(hero: ViewModelFixtures.movie(1, "First"), rows: [])
        let second = HomeFeed(hero: ViewModelFixtures.movie(2, "Second"), rows: [])
        let count = ViewModelCounter()
        let gate = ViewModelGate()
        let transport = ViewModelScriptedTransport { _ in
            if await count.next() == 1 { return .json(first) }
            try await gate.wait()
            return .json(second)
        }
        let model = HomeViewModel(client: ViewModelFixtures.client(transport))
        await model.load()
        let refreshing = Task { await model.refresh() }
        await transport.waitForRequests(2)
        #expect(model.state == .loaded(first))
        await gate.open()
        await refreshing.value
        #expect(model.state == .loaded(second))
    }

    @Test func seeAllOpensTheRowsList() async throws {
        let model = HomeViewModel(client: ViewModelFixtures.client(ViewModelScriptedTransport { _ in .titles([]) }))
        let row = HomeRow(id: "trending_tv", title: "Trending TV", seeAll: "/api/v1/tv/trending", results: [])
        let list = try #require(model.seeAll(row))
        #expect(list.source == .tv(.trending))
        #expect(list.title == "Trending TV")
    }
}
