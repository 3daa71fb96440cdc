import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

/// A title's page: the trailer in the person's language, where to watch it in their region, its heart and
/// watchlist button, and its offline copy.
@MainActor @Suite struct TitleDetailsViewModelTests {
    nonisolated private static let videos = [
        ViewModelFixtures.video("fr-teaser", type: "Teaser", language: "fr"),
        ViewModelFixtures.video("en-trailer", language: "en"),
        ViewModelFixtures.video("fr-vimeo", site: "Vimeo", language: "fr"),
        ViewModelFixtures.video("fr-trailer", language: "fr"),
        ViewModelFixtures.video("de-trailer", language: "de"),
    ]

    private static func matrix(region: String = "FR", providers: WatchProviders? = nil) -> MovieDetails {
        MovieDetails(
            id: 603, title: "The Matrix", originalTitle: "The Matrix", year: 1999, ratingSource: "tmdb",
            region: region, videos: videos, watchProviders: providers)
    }

    private static func model(
        _ movie: MovieDetails, locale: CatalogLocale, mirror: FakeMirror? = nil, downloads: (any DownloadStore)? = nil
    ) -> MovieDetailsViewModel {
        let transport = ViewModelScriptedTransport { _ in .json(movie) }
        return MovieDetailsViewModel(
            client: ViewModelFixtures.client(transport), id: movie.id, kind: .movie, locale: locale, mirror: mirror,
            downloads: downloads, now: { ViewModelFixtures.now },
            fetch: { client, id, locale in try await client.movie(id: id, locale: locale) })
    }

    @Test func trailerIsInThePersonsLanguage() {
        #expect(Trailer.pick(from: Self.videos, language: "fr-CA")?.youTubeKey == "fr-trailer")
        #expect(Trailer.pick(from: Self.videos, language: "DE")?.youTubeKey == "de-trailer")
    }

    @Test func trailerFallsBackToEnglish() {
        #expect(Trailer.pick(from: Self.videos, language: "ja")?.youTubeKey == "en-trailer")
        #expect(Trailer.pick(from: Self.videos, language: nil)?.youTubeKey == "en-trailer")
    }

    @Test func noTrailerWhenNoneIsInEitherLanguage() {
        let videos = [
            ViewModelFixtures.video("ja-trailer", language: "ja"),
            ViewModelFixtures.video("en-teaser", type: "Teaser", language: "en"),
            ViewModelFixtures.video("bad key!", language: "en"),
        ]
        #expect(Trailer.pick(from: videos, language: "fr") == nil)
    }

    @Test func trailerLinksToYouTube() throws {
        let trailer = try #require(Trailer.pick(from: Self.videos, language: "en"))
        #expect(trailer.watchURL.absoluteString == "https://www.youtube.com/watch?v=en-trailer")
    }

    @Test func detailsShowTheTrailerAndWhereToWatch() async throws {
        let providers = WatchProviders(
            region: "FR", link: "https://www.themoviedb.org/movie/603/watch",
            flatrate: [
                WatchProvider(id: 2, name: "Second", logo: nil, displayPriority: 5),
                WatchProvider(id: 1, name: "First", logo: nil, displayPriority: 1),
            ],
            rent: [WatchProvider(id: 3, name: "Shop", logo: nil, displayPriority: 2)])
        let model = Self.model(
            Self.matrix(providers: providers), locale: CatalogLocale(language: "fr", region: "FR"))
        await model.load()
        #expect(model.trailer?.youTubeKey == "fr-trailer")
        let watch = try #require(model.whereToWatch)
        #expect(watch.groups.map(\.offer) == [.stream, .rent])
        #expect(watch.groups.first?.providers.map(\.name) == ["First", "Second"])
        #expect(watch.link?.absoluteString == "https://www.themoviedb.org/movie/603/watch")
    }

    @Test func providersOfAnotherRegionAreNotShown() {
        let providers = WatchProviders(
            region: "US", link: nil, flatrate: [WatchProvider(id: 1, name: "A", logo: nil, displayPriority: 1)])
        #expect(WhereToWatch(providers, region: "GB") == nil)
        #expect(WhereToWatch(providers, region: "us")?.region == "US")
        #expect(WhereToWatch(providers, region: nil) != nil)
        #expect(WhereToWatch(WatchProviders(region: "US", link: nil), region: nil) == nil)
    }

    @Test func heartAndWatchlistGoThroughTheMirror() async throws {
        let mirror = FakeMirror()
        let model = Self.model(Self.matrix(), locale: .server, mirror: mirror)
        await model.load()
        #expect(!model.isFavorite && !model.isOnWatchlist)
        await model.toggleFavorite()
        await model.toggleWatchlist()
        #expect(model.isFavorite && model.isOnWatchlist)
        let snapshot = ItemSnapshot(title: "The Matrix", subtitle: "1999")
        #expect(
            await mirror.writes == [
                .toggle(.movie, "603", snapshot),
                .save(.watchlist, .movie, "603", SavedItemEdit(snapshot: snapshot)),
            ])
        await model.toggleWatchlist()
        #expect(!model.isOnWatchlist)
    }

    @Test func aRefusedHeartShowsWhy() async throws {
        let mirror = FakeMirror()
        await mirror.failWrites(with: .signedOut)
        let model = Self.model(Self.matrix(), locale: .server, mirror: mirror)
        await model.load()
        await model.toggleFavorite()
        #expect(!model.isFavorite)
        #expect(model.actionError == "You're signed out. Sign in to carry on.")
    }

    @Test func theTitleIsKeptForOffline() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vm-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileDownloadStore(directory: directory)
        let model = Self.model(Self.matrix(), locale: .server, downloads: store)
        await model.load()
        #expect(!model.isDownloaded)
        await model.download()
        #expect(model.isDownloaded)
        let kept = try await store.download(kind: .movie, id: 603)
        #expect(kept == Download(.movie(Self.matrix()), savedAt: ViewModelFixtures.now))
        await model.removeDownload()
        #expect(!model.isDownloaded)
        #expect(try await store.all().isEmpty)
    }
}
