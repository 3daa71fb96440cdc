public import MarqueeWire
public import Observation

/// The favourite cities, live from the mirror, most recently saved first, each with the weather now when the server
/// has it.
@MainActor @Observable public final class FavoriteCitiesViewModel {
    /// The cities.
    public var state: LoadState<[MirroredItem]> {
        guard let cities else { return started ? .loading : .idle }
        return cities.isEmpty ? .empty : .loaded(cities)
    }
    /// The weather now at each city, by the city's id (`item.id`); a city the server has no weather for is missing.
    public private(set) var weather: [String: WeatherNow] = [:]
    /// The unit the weather's temperatures are in, once it is loaded.
    public private(set) var temperatureUnit: TemperatureUnit?
    /// Why the weather could not be had (the cities show without it).
    public private(set) var weatherError: String?
    /// Why the last removal did not go through; the next one clears it.
    public private(set) var actionError: String?

    private var cities: [MirroredItem]?
    private var started = false
    /// The cities the weather was last asked for.
    private var asked: Set<String> = []
    private let client: MarqueeClient
    private let unit: TemperatureUnit?
    private let mirror: any MirrorAccess
    private let follower = MirrorFollower()

    /// Creates the favourite cities, their weather in `unit` (the person's preference, as the server has it, when
    /// nil).
    public convenience init(client: MarqueeClient, mirror: ItemMirror, unit: TemperatureUnit? = nil) {
        self.init(client: client, access: mirror, unit: unit)
    }

    init(client: MarqueeClient, access: any MirrorAccess, unit: TemperatureUnit?) {
        self.client = client
        mirror = access
        self.unit = unit
    }

    /// Reads the cities and their weather, then follows the cities' changes.
    public func load() async {
        guard !started else { return }
        started = true
        var first = true
        await follower.start(mirror) { [weak self] in
            guard let self else { return }
            await self.read()
            // At first, and for a city saved since, which has no weather yet.
            if first || !Set((self.cities ?? []).map(\.item.id)).isSubset(of: self.asked) { await self.loadWeather() }
            first = false
        }
    }

    /// Reads the cities and their weather again.
    public func refresh() async {
        started = true
        await read()
        await loadWeather()
    }

    /// Takes the city out of the favourites.
    public func remove(_ city: MirroredItem) async {
        actionError = nil
        do {
            try await mirror.remove(list: .favorites, kind: .city, id: city.item.id)
        } catch {
            actionError = LoadFailure(error)?.message
        }
    }

    private func read() async {
        let items = await mirror.items(in: .favorites, kinds: [.city])
        // As the mirror gives them, newest first; empty before the first sync is not yet known (still loading).
        let synced = await mirror.isSynced
        cities = items.isEmpty && !synced ? nil : items
    }

    private func loadWeather() async {
        let ids = Set((cities ?? []).map(\.item.id))
        asked = ids
        guard !ids.isEmpty else { return }
        do {
            let page = try await client.itemPage(
                ItemQuery(list: .favorites, kind: .city, limit: 100, units: unit?.weatherUnits))
            weatherError = nil
            if let now = page.weather {
                weather = now.cities
                temperatureUnit = TemperatureUnit(forecastUnits: now.units)
            }
        } catch {
            if let failure = LoadFailure(error) { weatherError = failure.message }
        }
    }
}
