import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

/// A person's page, a work of art's page and an event's page: the thing loaded, and its heart through the mirror,
/// with the kind and snapshot of each.
@MainActor @Suite struct SavableDetailsViewModelTests {
    @Test func aPersonIsLoadedInTheLocaleAndHeartedAsAPerson() async throws {
        let json = #"{"media_type":"person","id":4587,"name":"Halle Berry","combined_credits":{"cast":[],"crew":[]}}"#
        let person = try WireJSON.makeDecoder().decode(PersonDetails.self, from: Data(json.utf8))
        let mirror = FakeMirror()
        let transport = ViewModelScriptedTransport { _ in .json(person) }
        let model = PersonViewModel(
            client: ViewModelFixtures.client(transport), personID: 4587, locale: CatalogLocale(language: "de"),
            access: mirror)
        await model.load()
        #expect(model.state.content?.name == "Halle Berry" && model.personID == 4587)
        #expect(await transport.requests.first?.query("language") == "de")
        await model.toggleFavorite()
        #expect(model.isFavorite)
        #expect(await mirror.writes == [.toggle(.person, "4587", person.itemSnapshot)])
    }

    @Test func aWorkIsLoadedAndHeartedAsAnArtwork() async throws {
        let work = ArtworkDetails(
            id: "SK-C-5", title: "The Night Watch", maker: "Rembrandt van Rijn", date: "1642", thumbnailURL: nil,
            imageURL: nil, makers: ["Rembrandt van Rijn"], dating: .init(text: "1642", beginYear: 1642, endYear: 1642),
            place: nil, objectType: nil, materials: [], dimensions: [], description: nil,
            webURL: "https://www.rijksmuseum.nl/en/collection/SK-C-5", creditLine: nil, source: "embedded")
        let mirror = FakeMirror()
        let model = ArtworkViewModel(
            client: ViewModelFixtures.client(ViewModelScriptedTransport { _ in .json(work) }), artworkID: "SK-C-5",
            access: mirror)
        await model.load()
        #expect(model.state.content?.title == "The Night Watch" && model.artworkID == "SK-C-5")
        #expect(!model.isFavorite)
        await model.toggleFavorite()
        #expect(model.isFavorite)
        #expect(await mirror.writes == [.toggle(.artwork, "SK-C-5", work.summary.itemSnapshot)])
    }

    @Test func anEventIsHeartedAsAnEventAndARefusalSaysWhy() async throws {
        let event = EventDetails(
            EventSummary(
                id: "demo-1796236-4-20785", name: "Marigold & the Meridians", source: .demo,
                start: EventStart(
                    localDate: "2026-11-28", localTime: "20:30", dateTime: nil, timezone: "Asia/Shanghai"),
                imageURL: nil, venue: "Sunset Ballroom",
                city: "Shanghai", countryCode: "CN", status: .onSale, ended: false),
            priceRanges: [])
        let mirror = FakeMirror()
        let model = EventDetailsViewModel(
            client: ViewModelFixtures.client(ViewModelScriptedTransport { _ in .json(event) }),
            eventID: event.id, access: mirror)
        await model.load()
        await model.toggleFavorite()
        #expect(model.isFavorite && model.eventID == event.id)
        #expect(await mirror.writes == [.toggle(.event, event.id, event.summary.itemSnapshot)])
        await mirror.failWrites(with: .signedOut)
        await model.toggleFavorite()
        #expect(model.actionError == "You're signed out. Sign in to carry on.")
    }
}
