import Foundation
import MarqueeWire
public import Observation

/// A movie's or a show's page (`MovieDetailsViewModel`, `TVDetailsViewModel`): its details, the trailer to play,
/// where to watch it in the person's region, its heart and watchlist button, and its offline copy.
@MainActor @Observable public final class TitleDetailsViewModel<Details: TitleDetails> {
    /// The title's id.
    public let id: Int
    /// The language and region the details are asked in; the trailer and where to watch follow them.
    public let locale: CatalogLocale
    /// The details.
    public var state: LoadState<Details> { loader.state }
    /// Why the last action (a heart, the watchlist, a download) did not go through; the next action clears it.
    public private(set) var actionError: String?
    /// Whether the title is kept for offline.
    public private(set) var isDownloaded = false

    private let mediaKind: MediaKind
    private let client: MarqueeClient
    private let downloads: (any DownloadStore)?
    private let now: @Sendable () -> Date
    private let fetch: ValueLoader<Details>.Fetch
    private let loader = ValueLoader<Details>()
    private let favorites: SavedMarks
    private let watchlist: SavedMarks

    init(
        client: MarqueeClient, id: Int, kind: MediaKind, locale: CatalogLocale, mirror: (any MirrorAccess)?,
        downloads: (any DownloadStore)?, now: @escaping @Sendable () -> Date,
        fetch: @escaping @Sendable (MarqueeClient, Int, CatalogLocale) async throws -> Details
    ) {
        self.client = client
        self.id = id
        mediaKind = kind
        self.locale = locale
        self.downloads = downloads
        self.now = now
        self.fetch = { try await fetch(client, id, locale) }
        favorites = SavedMarks(mirror: mirror, list: .favorites, kinds: [kind.savedKind])
        watchlist = SavedMarks(mirror: mirror, list: .watchlist, kinds: [kind.savedKind])
    }

    /// The first YouTube trailer in the person's language (`locale.language`), else in English.
    public var trailer: Trailer? {
        state.content.flatMap { Trailer.pick(from: $0.videos, language: locale.language) }
    }

    /// Where to watch the title in the person's region (`locale.region`, or the server's when nil).
    public var whereToWatch: WhereToWatch? {
        state.content.flatMap { WhereToWatch($0.watchProviders, region: locale.region) }
    }

    /// Whether the title can be saved: there is a mirror to save it to.
    public var canSave: Bool { favorites.isAvailable }
    /// Whether the title is a favourite.
    public var isFavorite: Bool { favorites.contains(mediaKind.savedKind, String(id)) }
    /// Whether the title is on the watchlist.
    public var isOnWatchlist: Bool { watchlist.contains(mediaKind.savedKind, String(id)) }
    /// Whether the title can be kept for offline: there is a store to keep it in.
    public var canDownload: Bool { downloads != nil }

    /// Loads the details, unless they are loaded, and follows the lists.
    public func load() async {
        await loader.load(fetch)
        await follow()
    }

    /// Loads the details again, showing the ones loaded meanwhile.
    public func refresh() async {
        await loader.reload(fetch, keepingContent: true)
        await follow()
    }

    /// Adds the title to the favourites, or takes it out.
    public func toggleFavorite() async {
        await toggle(favorites)
    }

    /// Adds the title to the watchlist, or takes it off.
    public func toggleWatchlist() async {
        await toggle(watchlist)
    }

    /// Keeps the details loaded for offline, in place of an earlier copy.
    public func download() async {
        guard let downloads, let details = state.content else { return }
        actionError = nil
        do {
            try await downloads.save(Download(details.downloadDetails, savedAt: now()))
            isDownloaded = true
        } catch {
            actionError = "The title couldn't be kept for offline."
        }
    }

    /// Forgets the offline copy.
    public func removeDownload() async {
        guard let downloads else { return }
        actionError = nil
        do {
            try await downloads.remove(kind: mediaKind, id: id)
            isDownloaded = false
        } catch {
            actionError = "The offline copy couldn't be removed."
        }
    }

    private func toggle(_ marks: SavedMarks) async {
        guard let details = state.content else { return }
        actionError = nil
        actionError = await marks.toggled(mediaKind.savedKind, String(id), snapshot: details.itemSnapshot)
    }

    private func follow() async {
        await favorites.follow()
        await watchlist.follow()
        if let downloads {
            isDownloaded = (try? await downloads.download(kind: mediaKind, id: id)) != nil
        }
    }
}
