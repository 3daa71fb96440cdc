package import MarqueeCore
package import MarqueeWire

/// A source of movies, TV shows and people: TMDB live, or the local (embedded and imported) catalog.
///
/// Every method throws `DomainError` for anything a client should see (`catalog.not_found`,
/// `catalog.upstream_unavailable`, …).
package protocol CatalogProvider: Sendable {
    /// Where the data comes from, for attribution.
    var source: CatalogSource { get }
    /// A page of a named list. `window` matters only for trending lists.
    func list(_ list: CatalogList, window: TrendingWindow, page: Int, locale: LocaleOptions) async throws
        -> Page<MediaSummary>
    /// A movie's details.
    func movie(id: Int, locale: LocaleOptions) async throws -> MovieDetails
    /// A TV show's details.
    func tv(id: Int, locale: LocaleOptions) async throws -> TVDetails
    /// A person's details.
    func person(id: Int, locale: LocaleOptions) async throws -> PersonDetails
    /// The movie or show with this IMDb id (`tt0133093`), or nil when the catalog has none.
    func title(imdbID: String, locale: LocaleOptions) async throws -> MediaSummary?
    /// A page of search results.
    func search(_ query: SearchQuery, locale: LocaleOptions) async throws -> Page<MediaSummary>
    /// The genres of `movie` or `tv`.
    func genres(kind: MediaKind, locale: LocaleOptions) async throws -> [Genre]
    /// A page of titles filtered by genre and sorted.
    func discover(_ query: DiscoverQuery, locale: LocaleOptions) async throws -> Page<MediaSummary>
}

/// Which source a provider serves.
package enum CatalogSource: String, Sendable {
    /// The Movie Database, live.
    case tmdb
    /// The catalog that ships with Marquee, plus anything imported with `marquee catalog import`.
    case local
}
