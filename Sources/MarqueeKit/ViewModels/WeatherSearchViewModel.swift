import Foundation
public import MarqueeWire
public import Observation

/// Finding a city as the person types (once the typing pauses; a newer query cancels the one before), with a heart
/// on each city. An empty query shows nothing (`idle`).
@MainActor @Observable public final class WeatherSearchViewModel {
    /// How long the typing must pause before a query runs.
    public static let debounce = Duration.milliseconds(300)

    /// What the person typed; each change runs a query after the pause.
    public var query = "" {
        didSet { if query != oldValue { run(debounced: true) } }
    }
    /// The cities found, best first.
    public var state: LoadState<[City]> { loader.state }
    /// Why the last heart did not go through; the next one clears it.
    public private(set) var actionError: String?

    private let client: MarqueeClient
    private let debouncer: Debouncer
    private let loader = ValueLoader<[City]>(isEmpty: \.isEmpty)
    private let favorites: SavedMarks

    /// Creates the city search; without `mirror` there are no hearts. `sleep` is how the pause is waited for.
    public convenience init(
        client: MarqueeClient, mirror: ItemMirror? = nil,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.init(client: client, access: mirror, sleep: sleep)
    }

    init(client: MarqueeClient, access: (any MirrorAccess)?, sleep: @escaping Debouncer.Sleep) {
        self.client = client
        debouncer = Debouncer(delay: Self.debounce, sleep: sleep)
        favorites = SavedMarks(mirror: access, list: .favorites, kinds: [.city])
    }

    /// Whether cities can be saved: there is a mirror to save them to.
    public var canSave: Bool { favorites.isAvailable }

    /// Whether `city` is a favourite.
    public func isFavorite(_ city: City) -> Bool {
        favorites.contains(.city, String(city.id))
    }

    /// Follows the favourites, for the hearts.
    public func load() async {
        await favorites.follow()
    }

    /// Runs the query again now.
    public func refresh() async {
        run(debounced: false)
        await debouncer.task?.value
    }

    /// Runs the query now (the keyboard's Search key), without waiting for the pause.
    public func submit() {
        run(debounced: false)
    }

    /// Adds `city` to the favourites, or takes it out.
    public func toggleFavorite(_ city: City) async {
        actionError = nil
        actionError = await favorites.toggled(.city, String(city.id), snapshot: city.itemSnapshot)
    }

    /// The query waiting or running (for tests).
    var searching: Task<Void, Never>? { debouncer.task }

    private func run(debounced: Bool) {
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            debouncer.cancel()
            loader.reset()
            return
        }
        let fetch: ValueLoader<[City]>.Fetch = { [client] in try await client.cities(matching: text) }
        let work: @MainActor () async -> Void = { [weak self] in
            await self?.loader.reload(fetch, keepingContent: true)
        }
        if debounced { debouncer.schedule(work) } else { debouncer.runNow(work) }
    }
}
