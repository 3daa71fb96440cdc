public import MarqueeWire
public import Observation

/// A city's weather: now, by the hour and by the day, in the person's units, with the city's heart.
@MainActor @Observable public final class CityWeatherViewModel {
    /// The city's GeoNames id.
    public let cityID: Int
    /// The forecast.
    public var state: LoadState<Forecast> { loader.state }
    /// Why the last heart did not go through; the next one clears it.
    public private(set) var actionError: String?

    private let fetch: ValueLoader<Forecast>.Fetch
    private let loader = ValueLoader<Forecast>()
    private let favorites: SavedMarks

    /// Creates the weather of the city `cityID`, in `unit` (the person's preference, as the server has it, when
    /// nil). Without `mirror` there is no heart.
    public convenience init(
        client: MarqueeClient, cityID: Int, unit: TemperatureUnit? = nil, mirror: ItemMirror? = nil
    ) {
        self.init(client: client, cityID: cityID, unit: unit, access: mirror)
    }

    init(client: MarqueeClient, cityID: Int, unit: TemperatureUnit?, access: (any MirrorAccess)?) {
        self.cityID = cityID
        fetch = { try await client.forecast(cityID: cityID, units: unit?.weatherUnits) }
        favorites = SavedMarks(mirror: access, list: .favorites, kinds: [.city])
    }

    /// The unit the forecast's temperatures are in.
    public var temperatureUnit: TemperatureUnit? {
        state.content.map { $0.units == WeatherUnits.imperial.rawValue ? .fahrenheit : .celsius }
    }

    /// Whether the city can be saved: there is a mirror to save it to.
    public var canSave: Bool { favorites.isAvailable }
    /// Whether the city is a favourite.
    public var isFavorite: Bool { favorites.contains(.city, String(cityID)) }

    /// Loads the forecast, unless it is loaded, and follows the favourites.
    public func load() async {
        await loader.load(fetch)
        await favorites.follow()
    }

    /// Loads the forecast again, showing the one loaded meanwhile.
    public func refresh() async {
        await loader.reload(fetch, keepingContent: true)
    }

    /// Adds the city to the favourites, or takes it out.
    public func toggleFavorite() async {
        guard let city = state.content?.city else { return }
        actionError = nil
        actionError = await favorites.toggled(.city, String(cityID), snapshot: city.itemSnapshot)
    }
}
