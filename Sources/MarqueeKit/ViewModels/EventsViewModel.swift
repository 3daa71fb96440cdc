import Foundation
public import MarqueeWire
public import Observation

/// Upcoming events near a place, of a text if given: the search runs once the typing pauses (a newer one cancels
/// the one before), and events are read a page at a time as the last row appears. No place shows nothing (`idle`).
@MainActor @Observable public final class EventsViewModel {
    /// How long the typing must pause before a search runs.
    public static let debounce = Duration.milliseconds(300)

    /// The place typed: a city's name (`Amsterdam`, `Paris, FR`) or its GeoNames id.
    public var place = "" {
        didSet { if place != oldValue { run(debounced: true) } }
    }
    /// Only events that mention this, when not empty.
    public var query = "" {
        didSet { if query != oldValue { run(debounced: true) } }
    }
    /// The events read so far, soonest first.
    public var state: LoadState<PagedItems<EventSummary>> { feed.state }
    /// Whether the next page is on its way.
    public var isLoadingMore: Bool { feed.isLoadingMore }
    /// Why the next page could not be read; what was read stays.
    public var loadMoreError: String? { feed.moreError }
    /// The city the server took the place for.
    public var foundPlace: City? { feed.info?.place }
    /// Whether the events are the server's invented demo programme (each shown as "Demo event").
    public var isDemo: Bool { feed.info?.source == .demo }
    /// Why the last heart did not go through; the next one clears it.
    public private(set) var actionError: String?

    private let client: MarqueeClient
    private let debouncer: Debouncer
    private let feed = PageFeed<EventSummary, EventsPlace>(identity: \.id)
    private let favorites: SavedMarks

    /// Creates the events search; without `mirror` there are no hearts. `sleep` is how the pause is waited for.
    public convenience init(
        client: MarqueeClient, place: String = "", mirror: ItemMirror? = nil,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.init(client: client, place: place, access: mirror, sleep: sleep)
    }

    init(client: MarqueeClient, place: String, access: (any MirrorAccess)?, sleep: @escaping Debouncer.Sleep) {
        self.client = client
        self.place = place
        debouncer = Debouncer(delay: Self.debounce, sleep: sleep)
        favorites = SavedMarks(mirror: access, list: .favorites, kinds: [.event])
    }

    /// Whether events can be saved: there is a mirror to save them to.
    public var canSave: Bool { favorites.isAvailable }

    /// Whether `event` is a favourite.
    public func isFavorite(_ event: EventSummary) -> Bool {
        favorites.contains(.event, event.id)
    }

    /// Searches the place given, unless it was searched, and follows the favourites.
    public func load() async {
        await favorites.follow()
        guard !feed.hasLoaded else { return }
        run(debounced: false)
        await debouncer.task?.value
    }

    /// Searches again, showing the events meanwhile.
    public func refresh() async {
        run(debounced: false, keepingContent: true)
        await debouncer.task?.value
    }

    /// Searches now (the keyboard's Search key), without waiting for the pause.
    public func submit() {
        run(debounced: false)
    }

    /// Reads the next page, if there is one.
    public func loadMore() async {
        await feed.loadMore()
    }

    /// Tells the model a row appeared: the last row's appearing reads the next page.
    public func rowAppeared(_ event: EventSummary) {
        feed.rowAppeared(event)
    }

    /// Adds `event` to the favourites, or takes it out.
    public func toggleFavorite(_ event: EventSummary) async {
        actionError = nil
        actionError = await favorites.toggled(.event, event.id, snapshot: event.itemSnapshot)
    }

    /// The search waiting or running (for tests).
    var searching: Task<Void, Never>? { debouncer.task }

    private func run(debounced: Bool, keepingContent: Bool = false) {
        let place = place.trimmingCharacters(in: .whitespacesAndNewlines)
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !place.isEmpty else {
            debouncer.cancel()
            feed.reset()
            return
        }
        let fetch: PageFeed<EventSummary, EventsPlace>.Fetch = { [client] page in
            let found = try await client.events(near: place, matching: text.isEmpty ? nil : text, page: page)
            return FetchedPage(
                items: found.results, totalPages: found.totalPages,
                info: EventsPlace(place: found.place, source: found.source))
        }
        let work: @MainActor () async -> Void = { [weak self] in
            await self?.feed.load(fetch, keepingContent: keepingContent)
        }
        if debounced { debouncer.schedule(work) } else { debouncer.runNow(work) }
    }
}

/// What an events page says of its search: the city it took the place for, and where the events come from.
struct EventsPlace: Sendable {
    var place: City
    var source: EventSource
}
