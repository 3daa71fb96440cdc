public import MarqueeWire
public import Observation

/// Settings: the experience the app opens into, °C or °F, and clearing every favourite of the current experience
/// (after a confirmation). A choice shows at once and is undone if the server turns it down.
@MainActor @Observable public final class SettingsViewModel {
    /// The account the settings are read from.
    public var state: LoadState<Account> { loader.state }
    /// Why the last change did not go through; the next one clears it.
    public private(set) var actionError: String?
    /// Whether clearing the favourites waits for the person to confirm it.
    public private(set) var isConfirmingClear = false
    /// Whether the favourites are being cleared.
    public private(set) var isClearing = false

    private let client: MarqueeClient
    private let mirror: any MirrorAccess
    private let loader = ValueLoader<Account>()
    /// A choice sent and not answered yet: shown in place of the profile's.
    private var choosing: (experience: Experience?, unit: TemperatureUnit?) = (nil, nil)

    /// Creates the settings of the person signed in on `client`; `mirror` clears their favourites.
    public convenience init(client: MarqueeClient, mirror: ItemMirror) {
        self.init(client: client, access: mirror)
    }

    init(client: MarqueeClient, access: any MirrorAccess) {
        self.client = client
        mirror = access
    }

    /// The experience the app opens into.
    public var experience: Experience {
        choosing.experience ?? state.content?.profile.experience.flatMap(Experience.init(rawValue:)) ?? .standard
    }

    /// How temperatures are shown.
    public var temperatureUnit: TemperatureUnit {
        choosing.unit ?? TemperatureUnit(profile: state.content?.profile)
    }

    /// Loads the account, unless it is loaded.
    public func load() async {
        await loader.load(fetch)
    }

    /// Loads the account again.
    public func refresh() async {
        await loader.reload(fetch, keepingContent: true)
    }

    /// Makes `experience` the one the app opens into.
    public func setExperience(_ experience: Experience) async {
        guard experience != self.experience else { return }
        choosing.experience = experience
        defer { choosing.experience = nil }
        await update(ProfileChanges(experience: .set(experience)))
    }

    /// Shows temperatures in `unit`.
    public func setTemperatureUnit(_ unit: TemperatureUnit) async {
        guard unit != temperatureUnit else { return }
        choosing.unit = unit
        defer { choosing.unit = nil }
        await update(ProfileChanges(temperatureUnit: .set(unit.rawValue)))
    }

    /// Asks the person to confirm clearing the favourites of the current experience.
    public func requestClear() {
        actionError = nil
        isConfirmingClear = true
    }

    /// Drops the clearing.
    public func cancelClear() {
        isConfirmingClear = false
    }

    /// Clears every favourite of the current experience's kinds (a person's movie favourites, not their cities).
    public func confirmClear() async {
        guard isConfirmingClear, !isClearing else { return }
        isConfirmingClear = false
        isClearing = true
        actionError = nil
        defer { isClearing = false }
        do {
            try await mirror.clear(list: .favorites, kinds: experience.kinds)
        } catch {
            actionError = LoadFailure(error)?.message
        }
    }

    private func update(_ changes: ProfileChanges) async {
        actionError = nil
        do {
            loader.show(try await client.updateProfile(changes))
        } catch {
            actionError = LoadFailure(error)?.message
        }
    }

    private var fetch: ValueLoader<Account>.Fetch {
        { [client] in try await client.me() }
    }
}
