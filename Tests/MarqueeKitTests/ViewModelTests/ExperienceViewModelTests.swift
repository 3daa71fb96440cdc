import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

/// Art, events and weather: what they ask the server, and their hearts.
@MainActor @Suite struct ExperienceViewModelTests {
    nonisolated private static let work = ArtworkSummary(
        id: "SK-C-5", title: "The Night Watch", maker: "Rembrandt van Rijn")

    @Test func artShowsTheHighlightsUntilSomethingIsTyped() async throws {
        let transport = ViewModelScriptedTransport { request in
            .json(
                ArtPage(
                    page: 1, results: [Self.work], totalPages: 1, totalResults: 1, source: "embedded",
                    liveSearchUnavailable: request.query("q") != nil))
        }
        let model = ArtViewModel(client: ViewModelFixtures.client(transport), access: nil) { _ in }
        await model.load()
        #expect(model.showsHighlights && !model.liveSearchUnavailable)
        #expect(model.state.content?.items == [Self.work])
        model.query = "rembrandt"
        await model.searching?.value
        #expect(!model.showsHighlights && model.liveSearchUnavailable)
        #expect(await transport.requests.map { $0.query("q") } == [nil, "rembrandt"])
    }

    @Test func anArtworksHeartSavesWhatTheListShows() async throws {
        let mirror = FakeMirror()
        let transport = ViewModelScriptedTransport { _ in
            .json(ArtPage(page: 1, results: [Self.work], totalPages: 1, totalResults: 1, source: "rijksmuseum"))
        }
        let model = ArtViewModel(client: ViewModelFixtures.client(transport), access: mirror) { _ in }
        await model.load()
        await model.toggleFavorite(Self.work)
        #expect(model.isFavorite(Self.work))
        #expect(
            await mirror.writes == [
                .toggle(.artwork, "SK-C-5", ItemSnapshot(title: "The Night Watch", subtitle: "Rembrandt van Rijn"))
            ])
    }

    @Test func eventsWaitForAPlace() async throws {
        let city = City(
            id: 2_759_794, name: "Amsterdam", countryCode: "NL", country: "Netherlands", region: nil, regionCode: nil,
            latitude: 52.37, longitude: 4.89, population: nil, timezone: "Europe/Amsterdam")
        let transport = ViewModelScriptedTransport { _ in
            .json(EventsPage(page: 1, results: [], totalPages: 1, totalResults: 0, place: city, source: .demo))
        }
        let model = EventsViewModel(client: ViewModelFixtures.client(transport), place: "", access: nil) { _ in }
        await model.load()
        #expect(model.state == .idle)
        #expect(await transport.requests.isEmpty)
        model.place = "Amsterdam"
        model.query = "jazz"
        await model.searching?.value
        #expect(model.state == .empty)
        #expect(model.foundPlace == city && model.isDemo)
        let sent = await transport.requests
        #expect(sent.count == 1)
        #expect(sent.first?.query("place") == "Amsterdam" && sent.first?.query("q") == "jazz")
    }

    @Test func aCitysWeatherIsAskedInThePersonsUnit() async throws {
        let transport = ViewModelScriptedTransport { _ in
            .error(404, "weather.city_not_found", "There is no city with that id.")
        }
        let model = CityWeatherViewModel(
            client: ViewModelFixtures.client(transport), cityID: 1, unit: .fahrenheit, access: nil)
        await model.load()
        #expect(model.state == .failed(message: "There is no city with that id.", code: "weather.city_not_found"))
        #expect(await transport.requests.first?.query("units") == "imperial")
        #expect(!model.canSave)
    }

    @Test func favouriteCitiesWaitForTheFirstSyncAndAskTheWeatherOnce() async throws {
        let transport = ViewModelScriptedTransport { _ in .error(503, "weather.upstream_unavailable", "No weather.") }
        let mirror = FakeMirror()
        await mirror.setSynced(false)
        let model = FavoriteCitiesViewModel(client: ViewModelFixtures.client(transport), access: mirror, unit: nil)
        await model.load()
        #expect(model.state == .loading, "not empty: the mirror has not synced yet")

        await mirror.arrive(ViewModelFixtures.saved(.favorites, .city, "2759794", "Amsterdam", addedDaysAgo: 1))
        await mirror.setSynced(true)
        await waitForChanges { model.state.content?.count == 1 }
        await waitForChanges { model.weatherError != nil }
        #expect(model.weatherError == "No weather.")
        #expect(await transport.requests.count == 1, "one weather call for the city saved, not one per read")
    }
}
