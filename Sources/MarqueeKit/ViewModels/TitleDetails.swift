public import MarqueeWire

/// What a movie's and a show's details have in common, for `TitleDetailsViewModel`.
public protocol TitleDetails: Sendable, Equatable {
    /// `movie` or `tv`.
    var mediaType: MediaKind { get }
    var id: Int { get }
    var title: String { get }
    var year: Int? { get }
    var poster: ImageSet? { get }
    /// Trailers first; the requested language before English.
    var videos: [Video] { get }
    /// Where to watch it in the region the details are for.
    var watchProviders: WatchProviders? { get }
    /// The details as a download keeps them.
    var downloadDetails: Download.Details { get }
}

extension MovieDetails: TitleDetails {
    public var downloadDetails: Download.Details { .movie(self) }
}

extension TVDetails: TitleDetails {
    public var downloadDetails: Download.Details { .tv(self) }
}

extension TitleDetails {
    /// What a heart or the watchlist saves of the title.
    var itemSnapshot: ItemSnapshot {
        ItemSnapshot(title: title, imageURL: poster?.small, subtitle: year.map(String.init))
    }
}
