/// Where events come from (see `ServerSettings.events`).
package struct EventsSettings: Sendable {
    /// Ticketmaster's key; without one, the embedded demo programme is served.
    package var ticketmasterAPIKey: String?
    package var ticketmasterBaseURL: String

    /// Reads:
    /// - `ticketmaster.apiKey` (`MARQUEE_TICKETMASTER_API_KEY`), secret text, no default: turns Ticketmaster on.
    /// - `ticketmaster.baseURL` (`MARQUEE_TICKETMASTER_BASE_URL`), URL, default
    ///   `https://app.ticketmaster.com/discovery/v2`.
    package init(reading reader: SettingsReader) throws {
        ticketmasterAPIKey = reader.string("ticketmaster.apiKey", isSecret: true)
        ticketmasterBaseURL = try reader.url(
            "ticketmaster.baseURL", default: "https://app.ticketmaster.com/discovery/v2")!
    }
}

/// Where works of art come from (see `ServerSettings.art`).
package struct ArtSettings: Sendable {
    package enum Provider: String, Sendable, CaseIterable {
        /// The Rijksmuseum's keyless search and Linked Art services, falling back to the embedded sample.
        case rijksmuseum
        /// The embedded sample alone: nothing leaves the server.
        case embedded
    }

    package var provider: Provider
    package var rijksmuseumSearchURL: String
    package var rijksmuseumIDURL: String

    /// Reads:
    /// - `art.provider` (`MARQUEE_ART_PROVIDER`): `rijksmuseum` (the default) or `embedded`.
    /// - `rijksmuseum.searchURL` (`MARQUEE_RIJKSMUSEUM_SEARCH_URL`), URL, default
    ///   `https://data.rijksmuseum.nl/search/collection`.
    /// - `rijksmuseum.idURL` (`MARQUEE_RIJKSMUSEUM_ID_URL`), URL, default `https://id.rijksmuseum.nl`.
    package init(reading reader: SettingsReader) throws {
        let chosen = try reader.choice(
            "art.provider", default: Provider.rijksmuseum.rawValue, allowed: Provider.allCases.map(\.rawValue))
        provider = Provider(rawValue: chosen) ?? .rijksmuseum
        rijksmuseumSearchURL = try reader.url(
            "rijksmuseum.searchURL", default: "https://data.rijksmuseum.nl/search/collection")!
        rijksmuseumIDURL = try reader.url("rijksmuseum.idURL", default: "https://id.rijksmuseum.nl")!
    }
}
