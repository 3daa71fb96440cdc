import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

/// The favourites and the watchlist: live from the mirror, sorted, filtered and searched, edited through it.
@MainActor @Suite struct SavedItemsViewModelTests {
    private static func watchlist() -> FakeMirror {
        FakeMirror([
            ViewModelFixtures.saved(.watchlist, .movie, "1", "Brazil", addedDaysAgo: 3, rating: 7, watchedDaysAgo: 2),
            ViewModelFixtures.saved(.watchlist, .tv, "2", "Andor", addedDaysAgo: 1, note: "Season two first"),
            ViewModelFixtures.saved(.watchlist, .movie, "3", "Céline", addedDaysAgo: 2, rating: 9, watchedDaysAgo: 5),
            ViewModelFixtures.saved(.favorites, .movie, "4", "Alien", addedDaysAgo: 0),
        ])
    }

    private static func titles(_ model: SavedItemsViewModel) -> [String]? {
        model.state.content?.map(\.item.snapshot.title)
    }

    @Test func eachSortOrdersTheList() async throws {
        let model = SavedItemsViewModel(access: Self.watchlist(), list: .watchlist, kinds: nil)
        #expect(model.state == .idle)
        await model.load()
        #expect(Self.titles(model) == ["Andor", "Céline", "Brazil"])
        model.sort = .title
        #expect(Self.titles(model) == ["Andor", "Brazil", "Céline"])
        model.sort = .rating
        #expect(Self.titles(model) == ["Céline", "Brazil", "Andor"])
        model.sort = .watched
        #expect(Self.titles(model) == ["Brazil", "Céline", "Andor"])
    }

    @Test func filterAndSearchNarrowTheList() async throws {
        let model = SavedItemsViewModel(access: Self.watchlist(), list: .watchlist, kinds: nil)
        await model.load()
        #expect(model.availableKinds == [.movie, .tv])
        model.kindFilter = .movie
        #expect(Self.titles(model) == ["Céline", "Brazil"])
        model.kindFilter = nil
        model.searchText = "celine"
        #expect(Self.titles(model) == ["Céline"])
        model.searchText = "SEASON"
        #expect(Self.titles(model) == ["Andor"])
        model.searchText = "nothing like it"
        #expect(model.state == .loaded([]))
    }

    @Test func anEmptyListIsEmpty() async throws {
        let model = SavedItemsViewModel(access: FakeMirror(), list: .favorites, kinds: nil)
        await model.load()
        #expect(model.state == .empty)
    }

    @Test(.timeLimit(.minutes(1))) func aChangeFromElsewhereShowsUp() async throws {
        let mirror = Self.watchlist()
        let model = SavedItemsViewModel(access: mirror, list: .favorites, kinds: [.movie, .tv, .person])
        await model.load()
        #expect(Self.titles(model) == ["Alien"])
        await mirror.arrive(ViewModelFixtures.saved(.favorites, .city, "6", "Paris", addedDaysAgo: 1))
        await mirror.arrive(ViewModelFixtures.saved(.favorites, .person, "5", "Sigourney Weaver", addedDaysAgo: 1))
        await waitForChanges { Self.titles(model)?.count == 2 }
        // The city came first, and is not of the kinds asked for.
        #expect(Self.titles(model) == ["Alien", "Sigourney Weaver"])
    }

    @Test func editsGoThroughTheMirrorAndShowAsPending() async throws {
        let mirror = Self.watchlist()
        let model = SavedItemsViewModel(access: mirror, list: .watchlist, kinds: nil)
        await model.load()
        let andor = try #require(model.state.content?.first { $0.item.id == "2" })
        await model.setRating(8, for: andor)
        await model.setWatched(true, for: andor)
        await model.setNote("  ", for: andor)
        await model.setRating(11, for: andor)
        #expect(model.actionError == "A rating is from 1 to 10.")
        #expect(
            await mirror.writes == [
                .save(.watchlist, .tv, "2", SavedItemEdit(rating: .set(8))),
                .save(.watchlist, .tv, "2", SavedItemEdit(watched: true)),
                .save(.watchlist, .tv, "2", SavedItemEdit(note: .clear)),
            ])
        await model.refresh()
        let edited = try #require(model.state.content?.first { $0.item.id == "2" })
        #expect(edited.state == .pending)
        #expect(edited.item.rating == 8 && edited.item.note == nil && edited.item.watchedAt != nil)
    }

    @Test(.timeLimit(.minutes(1))) func aWriteTheServerTurnsDownShowsWhy() async throws {
        let mirror = Self.watchlist()
        let model = SavedItemsViewModel(access: mirror, list: .favorites, kinds: nil)
        await model.load()
        let extra = ViewModelFixtures.saved(.favorites, .movie, "7", "Heat", addedDaysAgo: 0)
        await mirror.refuse(extra, code: "items.limit_reached", message: "A list holds at most 5,000 items.")
        await waitForChanges { !model.refusals.isEmpty }
        #expect(model.refusals.map(\.message) == ["A list holds at most 5,000 items."])
        #expect(model.refusals.first?.item?.snapshot.title == "Heat")
        let watchlist = ViewModelFixtures.saved(.watchlist, .movie, "8", "Ran", addedDaysAgo: 0)
        await mirror.refuse(watchlist, code: "items.limit_reached", message: "Not for this list.")
        await model.dismissRefusals()
        #expect(model.refusals.isEmpty)
        #expect(await mirror.refusals().map(\.message) == ["Not for this list."], "another list's stays")

        let other = SavedItemsViewModel(access: mirror, list: .watchlist, kinds: nil)
        await other.load()
        #expect(other.refusals.map(\.item?.id) == ["8"], "only the list's own")
    }
}
