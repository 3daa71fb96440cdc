import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

/// Settings: the experience, the temperature unit, and clearing the favourites after a confirmation.
@MainActor @Suite struct SettingsViewModelTests {
    private static func model(experience: String = "movies") async -> (SettingsViewModel, FakeMirror) {
        var account = ViewModelFixtures.account()
        account.profile.experience = experience
        let mirror = FakeMirror([
            ViewModelFixtures.saved(.favorites, .movie, "603", "The Matrix"),
            ViewModelFixtures.saved(.favorites, .city, "2643743", "London"),
            ViewModelFixtures.saved(.watchlist, .movie, "604", "Reloaded"),
        ])
        let transport = ViewModelScriptedTransport { [account] _ in .json(account) }
        let model = SettingsViewModel(client: ViewModelFixtures.client(transport), access: mirror)
        await model.load()
        return (model, mirror)
    }

    @Test func clearingWaitsForTheConfirmation() async throws {
        let (model, mirror) = await Self.model()
        await model.confirmClear()
        #expect(await mirror.writes.isEmpty)
        model.requestClear()
        #expect(model.isConfirmingClear)
        model.cancelClear()
        #expect(!model.isConfirmingClear)
        await model.confirmClear()
        #expect(await mirror.writes.isEmpty)
    }

    @Test func confirmingClearsTheCurrentExperiencesFavouritesOnly() async throws {
        let (model, mirror) = await Self.model()
        model.requestClear()
        await model.confirmClear()
        #expect(await mirror.writes == [.clear(.favorites, [.movie, .tv, .person])])
        #expect(await mirror.items(in: .favorites, kinds: nil).map(\.item.id) == ["2643743"])
        #expect(await mirror.items(in: .watchlist, kinds: nil).count == 1)
        #expect(!model.isConfirmingClear && !model.isClearing)
    }

    @Test func theWeatherExperienceClearsCities() async throws {
        let (model, mirror) = await Self.model(experience: "weather")
        #expect(model.experience == .weather)
        model.requestClear()
        await model.confirmClear()
        #expect(await mirror.writes == [.clear(.favorites, [.city])])
    }

    @Test func theUnitIsReadAndChanged() async throws {
        var changed = ViewModelFixtures.account()
        changed.profile.temperatureUnit = "fahrenheit"
        let transport = ViewModelScriptedTransport { [changed] request in
            request.route == "PATCH /api/v1/me" ? .json(changed) : .json(ViewModelFixtures.account())
        }
        let model = SettingsViewModel(client: ViewModelFixtures.client(transport), access: FakeMirror())
        await model.load()
        #expect(model.temperatureUnit == .celsius)
        await model.setTemperatureUnit(.fahrenheit)
        #expect(model.temperatureUnit == .fahrenheit)
        let sent = await transport.requests(to: "PATCH /api/v1/me")
        #expect(sent.first?.json?["temperature_unit"] as? String == "fahrenheit")
    }

    @Test func aRefusedChangeIsUndone() async throws {
        let transport = ViewModelScriptedTransport { request in
            request.route == "PATCH /api/v1/me"
                ? .error(400, "validation.invalid_field", "That experience is not offered here.")
                : .json(ViewModelFixtures.account())
        }
        let model = SettingsViewModel(client: ViewModelFixtures.client(transport), access: FakeMirror())
        await model.load()
        await model.setExperience(.art)
        #expect(model.experience == .movies)
        #expect(model.actionError == "That experience is not offered here.")
    }
}
