public import MarqueeWire
public import Observation

/// The page of one thing a person can heart that is not a title: a person (`PersonViewModel`), a city's weather
/// (`CityWeatherViewModel`), a work of art (`ArtworkViewModel`) or an event (`EventDetailsViewModel`). It loads
/// the thing and keeps its heart in step with the mirror.
@MainActor @Observable public final class SavableDetailsViewModel<Details: Sendable> {
    /// The thing's id as the favourites know it (a person's or a city's number, an object number such as `SK-C-5`,
    /// an event's id).
    public let id: String
    /// The thing.
    public var state: LoadState<Details> { loader.state }
    /// Why the last heart did not go through; the next one clears it.
    public private(set) var actionError: String?

    private let kind: SavedKind
    private let fetch: ValueLoader<Details>.Fetch
    private let snapshot: (Details) -> ItemSnapshot?
    private let loader = ValueLoader<Details>()
    private let favorites: SavedMarks

    init(
        id: String, kind: SavedKind, access: (any MirrorAccess)?, fetch: @escaping ValueLoader<Details>.Fetch,
        snapshot: @escaping (Details) -> ItemSnapshot?
    ) {
        self.id = id
        self.kind = kind
        self.fetch = fetch
        self.snapshot = snapshot
        favorites = SavedMarks(mirror: access, list: .favorites, kinds: [kind])
    }

    /// Whether the thing can be saved: there is a mirror to save it to.
    public var canSave: Bool { favorites.isAvailable }
    /// Whether the thing is a favourite.
    public var isFavorite: Bool { favorites.contains(kind, id) }

    /// Loads the thing, unless it is loaded, and follows the favourites.
    public func load() async {
        await loader.load(fetch)
        await favorites.follow()
    }

    /// Loads the thing again, showing it meanwhile.
    public func refresh() async {
        await loader.reload(fetch, keepingContent: true)
    }

    /// Adds the thing to the favourites, or takes it out.
    public func toggleFavorite() async {
        guard let details = state.content, let snapshot = snapshot(details) else { return }
        actionError = nil
        actionError = await favorites.toggled(kind, id, snapshot: snapshot)
    }
}

/// A person's page: their details and credits, with their heart.
public typealias PersonViewModel = SavableDetailsViewModel<PersonDetails>

/// A city's weather: now, by the hour and by the day, in the person's units, with the city's heart.
public typealias CityWeatherViewModel = SavableDetailsViewModel<Forecast>

/// A work of art's page, with its heart.
public typealias ArtworkViewModel = SavableDetailsViewModel<ArtworkDetails>

/// An event's page: its venue, prices and where to buy tickets, with its heart.
public typealias EventDetailsViewModel = SavableDetailsViewModel<EventDetails>

extension SavableDetailsViewModel where Details == PersonDetails {
    /// Creates the page of the person `personID`, in `locale`. Without `mirror` there is no heart.
    public convenience init(
        client: MarqueeClient, personID: Int, locale: CatalogLocale = .server, mirror: ItemMirror? = nil
    ) {
        self.init(client: client, personID: personID, locale: locale, access: mirror)
    }

    convenience init(client: MarqueeClient, personID: Int, locale: CatalogLocale, access: (any MirrorAccess)?) {
        self.init(
            id: String(personID), kind: .person, access: access,
            fetch: { try await client.person(id: personID, locale: locale) }, snapshot: \.itemSnapshot)
    }

    /// The person's id.
    public var personID: Int { Int(id) ?? 0 }
}

extension SavableDetailsViewModel where Details == Forecast {
    /// Creates the weather of the city `cityID`, in `unit` (the person's preference, as the server has it, when
    /// nil). Without `mirror` there is no heart.
    public convenience init(
        client: MarqueeClient, cityID: Int, unit: TemperatureUnit? = nil, mirror: ItemMirror? = nil
    ) {
        self.init(client: client, cityID: cityID, unit: unit, access: mirror)
    }

    convenience init(client: MarqueeClient, cityID: Int, unit: TemperatureUnit?, access: (any MirrorAccess)?) {
        self.init(
            id: String(cityID), kind: .city, access: access,
            fetch: { try await client.forecast(cityID: cityID, units: unit?.weatherUnits) },
            snapshot: { $0.city.itemSnapshot })
    }

    /// The city's GeoNames id.
    public var cityID: Int { Int(id) ?? 0 }

    /// The unit the forecast's temperatures are in.
    public var temperatureUnit: TemperatureUnit? {
        state.content.map { TemperatureUnit(forecastUnits: $0.units) }
    }
}

extension SavableDetailsViewModel where Details == ArtworkDetails {
    /// Creates the page of the work `artworkID`; without `mirror` there is no heart.
    public convenience init(client: MarqueeClient, artworkID: String, mirror: ItemMirror? = nil) {
        self.init(client: client, artworkID: artworkID, access: mirror)
    }

    convenience init(client: MarqueeClient, artworkID: String, access: (any MirrorAccess)?) {
        self.init(
            id: artworkID, kind: .artwork, access: access, fetch: { try await client.artwork(id: artworkID) },
            snapshot: { $0.summary.itemSnapshot })
    }

    /// The work's object number (`SK-C-5`).
    public var artworkID: String { id }
}

extension SavableDetailsViewModel where Details == EventDetails {
    /// Creates the page of the event `eventID`; without `mirror` there is no heart.
    public convenience init(client: MarqueeClient, eventID: String, mirror: ItemMirror? = nil) {
        self.init(client: client, eventID: eventID, access: mirror)
    }

    convenience init(client: MarqueeClient, eventID: String, access: (any MirrorAccess)?) {
        self.init(
            id: eventID, kind: .event, access: access, fetch: { try await client.event(id: eventID) },
            snapshot: { $0.summary.itemSnapshot })
    }

    /// The event's id.
    public var eventID: String { id }
}
