public import Foundation
public import MarqueeWire

/// A movie's page.
public typealias MovieDetailsViewModel = TitleDetailsViewModel<MovieDetails>
/// A show's page.
public typealias TVDetailsViewModel = TitleDetailsViewModel<TVDetails>

extension TitleDetailsViewModel where Details == MovieDetails {
    /// Creates the page of the movie `movieID`, in `locale` (the person's language and region). Without `mirror`
    /// there are no hearts; without `downloads`, no offline copy.
    public convenience init(
        client: MarqueeClient, movieID: Int, locale: CatalogLocale = .server, mirror: ItemMirror? = nil,
        downloads: (any DownloadStore)? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            client: client, id: movieID, kind: .movie, locale: locale, mirror: mirror, downloads: downloads, now: now
        ) { client, id, locale in
            try await client.movie(id: id, locale: locale)
        }
    }
}

extension TitleDetailsViewModel where Details == TVDetails {
    /// Creates the page of the show `showID`, in `locale` (the person's language and region). Without `mirror`
    /// there are no hearts; without `downloads`, no offline copy.
    public convenience init(
        client: MarqueeClient, showID: Int, locale: CatalogLocale = .server, mirror: ItemMirror? = nil,
        downloads: (any DownloadStore)? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            client: client, id: showID, kind: .tv, locale: locale, mirror: mirror, downloads: downloads, now: now
        ) { client, id, locale in
            try await client.tvShow(id: id, locale: locale)
        }
    }
}
