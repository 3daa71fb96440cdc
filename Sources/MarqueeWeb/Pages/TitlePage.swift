import MarqueeCore
package import MarqueeWire

/// `/movie/{id}` and `/tv/{id}`: everything about one title, with its heart, watchlist and offline toggles.
package struct TitlePage: WebPage {
    package static let template = "title"
    package let chrome: Chrome
    let item: Card
    let backdrop: String?
    let poster: String
    let tagline: String?
    let facts: [String]
    let genres: String?
    let rating: String?
    let overview: String?
    let longOverview: Bool
    let trailer: Trailer?
    let people: [Card]
    let crew: [String]
    let rows: [CardRow]
    let providers: ProviderSection?

    /// A movie's page.
    package init(chrome: Chrome, movie: MovieDetails) {
        var facts = [String]()
        if let date = Formatting.date(movie.releaseDate) ?? movie.year.map(String.init) { facts.append(date) }
        if let runtime = Formatting.runtime(movie.runtime) { facts.append(runtime) }
        if let certification = movie.certification { facts.append(certification) }
        if let status = movie.status, status != "Released" { facts.append(status) }
        self.init(
            chrome: chrome, kind: .movie, id: movie.id, title: movie.title, year: movie.year, poster: movie.poster,
            backdrop: movie.backdrop, tagline: movie.tagline, facts: facts, genres: movie.genres,
            rating: movie.voteAverage, ratingSource: movie.ratingSource, voteCount: movie.voteCount,
            overview: movie.overview, videos: movie.videos, cast: movie.cast, crew: movie.crew,
            recommendations: movie.recommendations, similar: movie.similar, providers: movie.watchProviders)
    }

    /// A TV show's page.
    package init(chrome: Chrome, show: TVDetails) {
        var facts = [String]()
        if let date = Formatting.date(show.firstAirDate) ?? show.year.map(String.init) {
            facts.append("First aired \(date)")
        }
        if let seasons = show.numberOfSeasons { facts.append(Formatting.count(seasons, "season")) }
        if let episodes = show.numberOfEpisodes { facts.append(Formatting.count(episodes, "episode")) }
        if let runtime = Formatting.runtime(show.episodeRuntime) { facts.append("\(runtime) an episode") }
        if let certification = show.certification { facts.append(certification) }
        if !show.networks.isEmpty { facts.append(show.networks.joined(separator: ", ")) }
        if let status = show.status { facts.append(status) }
        self.init(
            chrome: chrome, kind: .tv, id: show.id, title: show.title, year: show.year, poster: show.poster,
            backdrop: show.backdrop, tagline: show.tagline, facts: facts, genres: show.genres,
            rating: show.voteAverage, ratingSource: show.ratingSource, voteCount: show.voteCount,
            overview: show.overview, videos: show.videos, cast: show.cast, crew: show.crew,
            recommendations: show.recommendations, similar: show.similar, providers: show.watchProviders)
    }

    private init(
        chrome: Chrome, kind: MediaKind, id: Int, title: String, year: Int?, poster: ImageSet?, backdrop: ImageSet?,
        tagline: String?, facts: [String], genres: [Genre], rating: Double?, ratingSource: String, voteCount: Int,
        overview: String?, videos: [Video], cast: [CastCredit], crew: [CrewCredit],
        recommendations: [MediaSummary], similar: [MediaSummary], providers: WatchProviders?
    ) {
        self.chrome = chrome
        item = Card(kind: kind, id: id, title: title, sub: year.map(String.init), image: poster?.small)
        self.backdrop = backdrop?.large
        self.poster = poster?.medium ?? Card.noImage
        self.tagline = tagline.flatMap(\.nonEmpty)
        self.facts = facts
        self.genres = genres.isEmpty ? nil : genres.map(\.name).joined(separator: " · ")
        self.rating = Formatting.rating(rating).map { score in
            ratingSource == "editors"
                ? "★ \(score) (editors' score)" : "★ \(score) from \(Formatting.count(voteCount, "vote"))"
        }
        self.overview = overview.flatMap(\.nonEmpty)
        longOverview = (overview?.count ?? 0) > 320
        trailer = Trailer.first(in: videos)
        people = cast.prefix(20).map(Card.init(cast:))
        let leads = crew.filter { ["Director", "Screenplay", "Writer", "Creator", "Novel"].contains($0.job) }.prefix(6)
        self.crew = leads.map { "\($0.job): \($0.name)" }
        rows = [
            CardRow(id: "recommendations", title: "Recommendations", cards: recommendations.map(Card.init)),
            CardRow(id: "similar", title: "Similar", cards: similar.map(Card.init)),
        ].filter { !$0.cards.isEmpty }
        self.providers = providers.flatMap(ProviderSection.init)
    }
}

/// "Where to watch" for one region, grouped by how it is offered.
struct ProviderSection: Sendable {
    let region: String
    let groups: [Group]
    /// The upstream's "where to watch" page for the title, when it is an https link (every logo links to it).
    let link: String?

    struct Group: Sendable {
        let label: String
        let providers: [Provider]
    }

    struct Provider: Sendable {
        let name: String
        let logo: String?
    }

    init?(_ providers: WatchProviders) {
        let all: [(String, [WatchProvider])] = [
            ("Stream", providers.flatrate), ("Free", providers.free), ("With ads", providers.ads),
            ("Rent", providers.rent), ("Buy", providers.buy),
        ]
        groups = all.filter { !$0.1.isEmpty }.map { label, list in
            Group(
                label: label,
                providers: list.sorted { $0.displayPriority < $1.displayPriority }
                    .map { Provider(name: $0.name, logo: $0.logo?.small) })
        }
        guard !groups.isEmpty else { return nil }
        region = providers.region
        link = providers.link.flatMap { $0.lowercased().hasPrefix("https://") ? $0 : nil }
    }
}
