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
    public var state: LoadState<PagedItems<EventSummary>> { search.feed.state }
    /// Whether the next page is on its way.
    public var isLoadingMore: Bool { search.feed.isLoadingMore }
    /// Why the next page could not be read; what was read stays.
    public var loadMoreError: String? { search.feed.moreError }
    /// The city the server took the place for.
    public var foundPlace: City? { search.feed.info?.place }
    /// Whether the events are the server's invented demo programme (each shown as "Demo event").
    public var isDemo: Bool { search.feed.info?.source == .demo }
    /// Why the last heart did not go through; the next one clears it.
    public var actionError: String? { search.actionError }

    private let client: MarqueeClient
    private let search: HeartedSearch<EventSummary, EventsPlace>

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
        search = HeartedSearch(
            kind: .event, access: access, debounce: Self.debounce, sleep: sleep, id: \.id, snapshot: \.itemSnapshot)
    }

    /// Whether events can be saved: there is a mirror to save them to.
    public var canSave: Bool { search.canSave }

    /// Whether `event` is a favourite.
    public func isFavorite(_ event: EventSummary) -> Bool {
        search.isFavorite(event)
    }

    /// Searches the place given, unless it was searched, and follows the favourites.
    public func load() async {
        await search.load { run(debounced: false) }
    }

    /// Searches again, showing the events meanwhile.
    public func refresh() async {
        run(debounced: false, keepingContent: true)
        await search.searching?.value
    }

    /// Searches now (the keyboard's Search key), without waiting for the pause.
    public func submit() {
        run(debounced: false)
    }

    /// Reads the next page, if there is one.
    public func loadMore() async {
        await search.feed.loadMore()
    }

    /// Tells the model a row appeared: the last row's appearing reads the next page.
    public func rowAppeared(_ event: EventSummary) {
        search.feed.rowAppeared(event)
    }

    /// Adds `event` to the favourites, or takes it out.
    public func toggleFavorite(_ event: EventSummary) async {
        await search.toggleFavorite(event)
    }

    /// The search waiting or running (for tests).
    var searching: Task<Void, Never>? { search.searching }

    private func run(debounced: Bool, keepingContent: Bool = false) {
        let place = place.trimmingCharacters(in: .whitespacesAndNewlines)
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !place.isEmpty else { return search.clear() }
        let fetch: PageFeed<EventSummary, EventsPlace>.Fetch = { [client] page in
            let found = try await client.events(near: place, matching: text.isEmpty ? nil : text, page: page)
            return FetchedPage(
                items: found.results, totalPages: found.totalPages,
                info: EventsPlace(place: found.place, source: found.source))
        }
        search.search(fetch, debounced: debounced, keepingContent: keepingContent)
    }
}

/// What an events page says of its search: the city it took the place for, and where the events come from.
struct EventsPlace: Sendable {
    var place: City
    var source: EventSource
}
