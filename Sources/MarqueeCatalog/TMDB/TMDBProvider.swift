package import Foundation
package import Logging
package import MarqueeCore
package import MarqueeStore
package import MarqueeUpstream
package import MarqueeWire

/// The live TMDB catalog.
package struct TMDBProvider: CatalogProvider {
    private let client: TMDBClient
    private let now: @Sendable () -> Date

    package var source: CatalogSource { .tmdb }

    /// Creates a provider that fetches through `transport`, caching in `cache`, taking turns with other instances
    /// through `coordination`.
    package init(
        settings: TMDBSettings, transport: any HTTPTransport, cache: any UpstreamCacheStore,
        policy: UpstreamFetcher.Policy = .init(), coordination: any UpstreamCoordination = LocalUpstreamCoordination(),
        logger: Logger, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        let fetcher = UpstreamFetcher(
            name: "TMDB", transport: transport, cache: cache, policy: policy, coordination: coordination,
            logger: logger,
            now: now)
        self.client = TMDBClient(settings: settings, fetcher: fetcher)
        self.now = now
    }

    private func mapper(_ locale: LocaleOptions) async throws -> TMDBMapper {
        let configuration = try await client.get("/configuration", [], as: TMDBConfiguration.self)
        return TMDBMapper(
            images: TMDBImages(configuration: configuration, baseURLOverride: client.settings.imageBaseURL),
            locale: locale)
    }

    package func list(_ list: CatalogList, window: TrendingWindow, page: Int, locale: LocaleOptions) async throws
        -> Page<MediaSummary>
    {
        let path: String
        switch list {
        case .movies(.trending): path = "/trending/movie/\(window.rawValue)"
        case .tv(.trending): path = "/trending/tv/\(window.rawValue)"
        case .movies(let name): path = "/movie/\(name.rawValue)"
        case .tv(let name): path = "/tv/\(name.rawValue)"
        case .popularPeople: path = "/person/popular"
        }
        var query = [("language", locale.language), ("page", String(page))]
        if case .movies(let name) = list, [.popular, .topRated, .upcoming, .nowPlaying].contains(name) {
            query.append(("region", locale.region))
        }
        let response = try await client.get(path, query, as: TMDBPage<TMDBListItem>.self)
        return try await mapper(locale).page(response, defaultKind: list.kind)
    }

    package func movie(id: Int, locale: LocaleOptions) async throws -> MovieDetails {
        let movie = try await client.get(
            "/movie/\(id)", detailQuery(locale, appending: "release_dates"), as: TMDBMovie.self)
        let map = try await mapper(locale)
        let date = nonEmpty(movie.releaseDate)
        return MovieDetails(
            id: movie.id, imdbId: nonEmpty(movie.imdbId), title: movie.title,
            originalTitle: nonEmpty(movie.originalTitle) ?? movie.title, originalLanguage: movie.originalLanguage,
            releaseDate: date, year: date.flatMap { Int($0.prefix(4)) },
            runtime: movie.runtime.flatMap { $0 > 0 ? $0 : nil },
            status: movie.status, genres: (movie.genres ?? []).map { Genre(id: $0.id, name: $0.name) },
            voteAverage: movie.voteAverage, voteCount: movie.voteCount ?? 0, ratingSource: "tmdb",
            popularity: movie.popularity, overview: nonEmpty(movie.overview), tagline: nonEmpty(movie.tagline),
            poster: map.images.poster(movie.posterPath), backdrop: map.images.backdrop(movie.backdropPath),
            productionCountries: (movie.productionCountries ?? []).map(\.iso31661), region: locale.region,
            certification: map.certification(movie.releaseDates), cast: map.cast(movie.credits),
            crew: map.keyCrew(movie.credits), videos: map.videos(movie.videos),
            recommendations: map.related(movie.recommendations, kind: .movie),
            similar: map.related(movie.similar, kind: .movie), watchProviders: map.watchProviders(movie.watchProviders))
    }

    package func tv(id: Int, locale: LocaleOptions) async throws -> TVDetails {
        let show = try await client.get(
            "/tv/\(id)", detailQuery(locale, appending: "content_ratings,external_ids"), as: TMDBShow.self)
        let map = try await mapper(locale)
        let date = nonEmpty(show.firstAirDate)
        return TVDetails(
            id: show.id, imdbId: nonEmpty(show.externalIds?.imdbId), title: show.name,
            originalTitle: nonEmpty(show.originalName) ?? show.name, originalLanguage: show.originalLanguage,
            firstAirDate: date, lastAirDate: nonEmpty(show.lastAirDate), year: date.flatMap { Int($0.prefix(4)) },
            status: show.status, inProduction: show.inProduction, episodeRuntime: show.episodeRunTime?.first,
            numberOfSeasons: show.numberOfSeasons, numberOfEpisodes: show.numberOfEpisodes,
            networks: (show.networks ?? []).map(\.name),
            genres: (show.genres ?? []).map { Genre(id: $0.id, name: $0.name) },
            voteAverage: show.voteAverage, voteCount: show.voteCount ?? 0, ratingSource: "tmdb",
            popularity: show.popularity, overview: nonEmpty(show.overview), tagline: nonEmpty(show.tagline),
            poster: map.images.poster(show.posterPath), backdrop: map.images.backdrop(show.backdropPath),
            originCountries: show.originCountry ?? [], region: locale.region,
            certification: map.certification(show.contentRatings), cast: map.cast(show.credits),
            crew: map.keyCrew(show.credits, creators: show.createdBy ?? []), videos: map.videos(show.videos),
            recommendations: map.related(show.recommendations, kind: .tv),
            similar: map.related(show.similar, kind: .tv),
            watchProviders: map.watchProviders(show.watchProviders))
    }

    package func person(id: Int, locale: LocaleOptions) async throws -> PersonDetails {
        let person = try await client.get(
            "/person/\(id)", [("language", locale.language), ("append_to_response", "combined_credits")],
            as: TMDBPerson.self)
        let map = try await mapper(locale)
        func credits(_ items: [TMDBListItem]?, cast: Bool) -> [PersonCredit] {
            var seen = Set<String>()
            return (items ?? [])
                .filter { seen.insert("\($0.mediaType ?? "")|\($0.id)|\($0.job ?? "")").inserted }
                .compactMap { item in
                    map.summary(item, defaultKind: .movie).map {
                        PersonCredit(
                            item: $0, character: cast ? nonEmpty(item.character) : nil, job: cast ? nil : item.job)
                    }
                }
                .sorted { lhs, rhs in
                    // Undated (announced) titles first, then newest, then most popular.
                    let left = lhs.item.date ?? "9999"
                    let right = rhs.item.date ?? "9999"
                    return left != right ? left > right : (lhs.item.popularity ?? 0) > (rhs.item.popularity ?? 0)
                }
        }
        return PersonDetails(
            id: person.id, imdbId: nonEmpty(person.imdbId), name: person.name,
            knownForDepartment: person.knownForDepartment, birthday: nonEmpty(person.birthday),
            deathday: nonEmpty(person.deathday), placeOfBirth: nonEmpty(person.placeOfBirth),
            biography: nonEmpty(person.biography), profile: map.images.profile(person.profilePath),
            popularity: person.popularity,
            combinedCredits: CombinedCredits(
                cast: credits(person.combinedCredits?.cast, cast: true),
                crew: credits(person.combinedCredits?.crew, cast: false)))
    }

    package func title(imdbID: String, locale: LocaleOptions) async throws -> MediaSummary? {
        let found = try await client.get(
            "/find/\(imdbID)", [("external_source", "imdb_id"), ("language", locale.language)], as: TMDBFindResults.self
        )
        let map = try await mapper(locale)
        if let movie = found.movieResults.first { return map.summary(movie, defaultKind: .movie) }
        if let show = found.tvResults.first { return map.summary(show, defaultKind: .tv) }
        return nil
    }

    package func search(_ query: SearchQuery, locale: LocaleOptions) async throws -> Page<MediaSummary> {
        var parameters = [
            ("query", query.text), ("page", String(query.page)), ("language", locale.language),
            ("include_adult", "false"),
        ]
        if let year = query.year {
            parameters.append((query.scope == .tv ? "first_air_date_year" : "year", String(year)))
        }
        let response = try await client.get(
            "/search/\(query.scope.rawValue)", parameters, as: TMDBPage<TMDBListItem>.self)
        let defaultKind: MediaKind = query.scope == .tv ? .tv : query.scope == .person ? .person : .movie
        var page = try await mapper(locale).page(response, defaultKind: defaultKind)
        if query.scope == .multi, let year = query.year {
            page.results = page.results.filter { $0.mediaType != .person && $0.year == year }
        }
        return page
    }

    package func genres(kind: MediaKind, locale: LocaleOptions) async throws -> [Genre] {
        let list = try await client.get(
            "/genre/\(kind.rawValue)/list", [("language", locale.language)], as: TMDBGenreList.self)
        return list.genres.map { Genre(id: $0.id, name: $0.name) }.sorted { $0.name < $1.name }
    }

    package func discover(_ query: DiscoverQuery, locale: LocaleOptions) async throws -> Page<MediaSummary> {
        let today = String(ISO8601DateFormatter().string(from: now()).prefix(10))
        var parameters = [
            ("page", String(query.page)), ("language", locale.language), ("include_adult", "false"),
            ("watch_region", locale.region),
        ]
        if let genre = query.genre { parameters.append(("with_genres", String(genre))) }
        let dateField = query.kind == .tv ? "first_air_date" : "primary_release_date"
        switch query.sort {
        case .popularity: parameters.append(("sort_by", "popularity.desc"))
        case .rating: parameters += [("sort_by", "vote_average.desc"), ("vote_count.gte", "200")]
        case .date: parameters += [("sort_by", "\(dateField).desc"), ("\(dateField).lte", today)]
        }
        let response = try await client.get(
            "/discover/\(query.kind.rawValue)", parameters, as: TMDBPage<TMDBListItem>.self)
        return try await mapper(locale).page(response, defaultKind: query.kind)
    }

    private func detailQuery(_ locale: LocaleOptions, appending extra: String) -> [(String, String)] {
        [
            ("language", locale.language),
            ("append_to_response", "credits,videos,recommendations,similar,watch/providers," + extra),
            ("include_video_language", "\(locale.languageCode),en,null"),
        ]
    }
}
