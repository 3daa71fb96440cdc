import Foundation
import MarqueeWire
import Testing

@testable import MarqueeKit

/// Titles kept for offline, in files.
@MainActor @Suite struct DownloadsViewModelTests {
    private static func movie(_ id: Int, _ title: String) -> Download.Details {
        .movie(MovieDetails(id: id, title: title, originalTitle: title, ratingSource: "tmdb", region: "GB"))
    }

    private static func show(_ id: Int, _ title: String) -> Download.Details {
        .tv(TVDetails(id: id, title: title, originalTitle: title, ratingSource: "tmdb", region: "GB"))
    }

    private static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("downloads-\(UUID().uuidString)")
    }

    @Test func downloadsAreListedNewestFirstAndRemoved() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileDownloadStore(directory: directory)
        try await store.save(Download(Self.movie(603, "The Matrix"), savedAt: ViewModelFixtures.now - 60))
        try await store.save(Download(Self.show(1399, "Game of Thrones"), savedAt: ViewModelFixtures.now))
        let model = DownloadsViewModel(store: store)
        await model.load()
        #expect(model.state.content?.map(\.id) == ["tv-1399", "movie-603"])
        #expect(model.state.content?.map(\.title) == ["Game of Thrones", "The Matrix"])
        let show = try #require(model.state.content?.first)
        await model.remove(show)
        #expect(model.state.content?.map(\.id) == ["movie-603"])
        #expect(try await store.download(kind: .tv, id: 1399) == nil)
        await model.remove(try #require(model.state.content?.first))
        #expect(model.state == .empty)
    }

    @Test func noDirectoryYetIsEmpty() async throws {
        let model = DownloadsViewModel(store: FileDownloadStore(directory: Self.directory()))
        await model.load()
        #expect(model.state == .empty)
    }

    @Test func savingATitleAgainReplacesIt() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileDownloadStore(directory: directory)
        try await store.save(Download(Self.movie(603, "The Matrix"), savedAt: ViewModelFixtures.now - 60))
        try await store.save(Download(Self.movie(603, "Matrix"), savedAt: ViewModelFixtures.now))
        #expect(try await store.all() == [Download(Self.movie(603, "Matrix"), savedAt: ViewModelFixtures.now)])
    }
}
