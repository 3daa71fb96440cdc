package import MarqueeWire

/// How the web app names each experience and what it keeps.
package enum ExperienceWording {
    /// The experience's name: "Movies & TV", "Weather", "Events", "Art".
    package static func name(_ experience: Experience) -> String {
        switch experience {
        case .movies: "Movies & TV"
        case .weather: "Weather"
        case .events: "Events"
        case .art: "Art"
        }
    }

    /// What its favourites are, after "your favourite": "films, shows and people", "cities", "events", "works of art".
    package static func things(_ experience: Experience) -> String {
        switch experience {
        case .movies: "films, shows and people"
        case .weather: "cities"
        case .events: "events"
        case .art: "works of art"
        }
    }
}
