import MarqueeCore
import MarqueeWire

/// Turns TMDB's response shapes into Marquee's wire types.
struct TMDBMapper: Sendable {
    let images: TMDBImages
    let locale: LocaleOptions

    func summary(_ item: TMDBListItem, defaultKind: MediaKind) -> MediaSummary? {
        let kind = item.mediaType.flatMap(MediaKind.init(rawValue:)) ?? defaultKind
        let date = nonEmpty(kind == .tv ? item.firstAirDate : item.releaseDate)
        guard let title = nonEmpty(kind == .movie ? item.title : item.name) ?? nonEmpty(item.title ?? item.name) else {
            return nil
        }
        let original = nonEmpty(kind == .movie ? item.originalTitle : item.originalName)
        return MediaSummary(
            mediaType: kind, id: item.id, title: title, originalTitle: original == title ? nil : original,
            originalLanguage: item.originalLanguage, overview: nonEmpty(item.overview), date: date,
            year: date.flatMap { Int($0.prefix(4)) }, genreIds: item.genreIds ?? [],
            poster: kind == .person ? nil : images.poster(item.posterPath),
            backdrop: kind == .person ? nil : images.backdrop(item.backdropPath),
            profile: kind == .person ? images.profile(item.profilePath) : nil,
            voteAverage: kind == .person ? nil : item.voteAverage, voteCount: kind == .person ? nil : item.voteCount,
            popularity: item.popularity, knownForDepartment: item.knownForDepartment,
            knownFor: item.knownFor?.compactMap { nonEmpty($0.title ?? $0.name) })
    }

    func page(_ page: TMDBPage<TMDBListItem>, defaultKind: MediaKind) -> Page<MediaSummary> {
        Page(
            page: page.page, results: page.results.compactMap { summary($0, defaultKind: defaultKind) },
            totalPages: max(1, min(page.totalPages, Page<MediaSummary>.maxPage)), totalResults: page.totalResults)
    }

    func cast(_ credits: TMDBCredits?) -> [CastCredit] {
        (credits?.cast ?? []).enumerated()
            .sorted { ($0.element.order ?? $0.offset) < ($1.element.order ?? $1.offset) }
            .prefix(20)
            .map { offset, member in
                CastCredit(
                    id: member.id, name: member.name, character: nonEmpty(member.character),
                    order: member.order ?? offset, profile: images.profile(member.profilePath))
            }
    }

    /// Directors and writers, each person and job once.
    func keyCrew(_ credits: TMDBCredits?, creators: [TMDBNamed] = []) -> [CrewCredit] {
        let keyJobs = ["Director", "Screenplay", "Writer", "Story", "Novel", "Creator"]
        var seen = Set<String>()
        var result: [CrewCredit] = []
        for creator in creators {
            guard let id = creator.id, seen.insert("\(id)|Creator").inserted else { continue }
            result.append(
                CrewCredit(
                    id: id, name: creator.name, job: "Creator", department: "Writing",
                    profile: images.profile(creator.profilePath)))
        }
        let crew = (credits?.crew ?? []).filter { keyJobs.contains($0.job ?? "") }
            .sorted { keyJobs.firstIndex(of: $0.job ?? "")! < keyJobs.firstIndex(of: $1.job ?? "")! }
        for member in crew {
            guard let job = member.job, seen.insert("\(member.id)|\(job)").inserted else { continue }
            result.append(
                CrewCredit(
                    id: member.id, name: member.name, job: job,
                    department: member.department ?? (job == "Director" ? "Directing" : "Writing"),
                    profile: images.profile(member.profilePath)))
        }
        return result
    }

    /// Trailers, then teasers, then the rest; the requested language before English before others;
    /// official before unofficial; newest first.
    func videos(_ videos: TMDBVideos?) -> [Video] {
        let language = locale.languageCode
        func typeRank(_ type: String) -> Int { ["Trailer": 0, "Teaser": 1][type] ?? 2 }
        func languageRank(_ code: String?) -> Int { code == language ? 0 : code == "en" ? 1 : 2 }
        return (videos?.results ?? [])
            .sorted { lhs, rhs in
                let left = (typeRank(lhs.type), languageRank(lhs.iso6391), lhs.official == true ? 0 : 1)
                let right = (typeRank(rhs.type), languageRank(rhs.iso6391), rhs.official == true ? 0 : 1)
                return left != right ? left < right : (lhs.publishedAt ?? "") > (rhs.publishedAt ?? "")
            }
            .map { video in
                Video(
                    name: video.name, key: video.key, site: video.site, type: video.type, language: video.iso6391,
                    official: video.official ?? false, url: Self.watchURL(site: video.site, key: video.key))
            }
    }

    func watchProviders(_ providers: TMDBWatchProviders?) -> WatchProviders? {
        guard let region = providers?.results[locale.region] else { return nil }
        func list(_ items: [TMDBWatchProvider]?) -> [WatchProvider] {
            (items ?? []).sorted { ($0.displayPriority ?? .max) < ($1.displayPriority ?? .max) }.map {
                WatchProvider(
                    id: $0.providerId, name: $0.providerName, logo: images.logo($0.logoPath),
                    displayPriority: $0.displayPriority ?? 0)
            }
        }
        return WatchProviders(
            region: locale.region, link: region.link, flatrate: list(region.flatrate), free: list(region.free),
            ads: list(region.ads), rent: list(region.rent), buy: list(region.buy))
    }

    /// The region's certification, preferring the theatrical release's.
    func certification(_ releaseDates: TMDBReleaseDates?) -> String? {
        let releases = releaseDates?.results.first { $0.iso31661 == locale.region }?.releaseDates ?? []
        let rated = releases.filter { nonEmpty($0.certification) != nil }
        return (rated.first { $0.type == 3 } ?? rated.first)?.certification
    }

    func certification(_ ratings: TMDBContentRatings?) -> String? {
        nonEmpty(ratings?.results.first { $0.iso31661 == locale.region }?.rating)
    }

    func related(_ page: TMDBPage<TMDBListItem>?, kind: MediaKind) -> [MediaSummary] {
        (page?.results ?? []).compactMap { summary($0, defaultKind: kind) }
    }

    static func watchURL(site: String, key: String) -> String? {
        switch site {
        case "YouTube": "https://www.youtube.com/watch?v=\(key)"
        case "Vimeo": "https://vimeo.com/\(key)"
        default: nil
        }
    }
}

func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}
