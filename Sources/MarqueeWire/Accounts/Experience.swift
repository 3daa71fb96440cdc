/// What a person's app is about, chosen at sign-up: the app opens into it, and its kinds of saved items are its
/// favourites.
public enum Experience: String, Codable, Sendable, CaseIterable {
    /// Movies & TV: films, shows and people. The default.
    case movies
    /// Cities and their weather.
    case weather
    /// Events near a place.
    case events
    /// Works of art.
    case art

    /// The experience of an account that chose none.
    public static let standard = Experience.movies

    /// The kinds of saved items the experience keeps.
    public var kinds: [SavedKind] {
        switch self {
        case .movies: [.movie, .tv, .person]
        case .weather: [.city]
        case .events: [.event]
        case .art: [.artwork]
        }
    }
}
