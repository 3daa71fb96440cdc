import MarqueeCore
package import MarqueeWire

/// Events as the API answers them: from Ticketmaster when the server has a key, else from the demo programme.
/// Demo ids are always answered by the demo programme, so favourites saved before a key was set still open.
package struct EventsService: Sendable {
    private let live: (any EventsProvider)?
    private let demo: any EventsProvider

    /// Events from `live` (nil: no Ticketmaster key), and `demo` for demo ids and when there is no `live`.
    package init(live: (any EventsProvider)?, demo: any EventsProvider) {
        self.live = live
        self.demo = demo
    }

    /// Where searches are answered from.
    package var source: EventSource { (live ?? demo).source }

    /// The credit shown beside the events.
    package var attribution: String {
        switch source {
        case .ticketmaster: "Event data by Ticketmaster"
        case .demo: "Demo programme: fictional events written for Marquee"
        }
    }

    /// Page `page` of the upcoming events around `place`, matching `query` when given.
    package func search(near place: City, query: String?, page: Int) async throws -> EventsPage {
        try await (live ?? demo).search(near: place, query: query, page: page)
    }

    /// The event with id `id`, or `events.not_found`.
    package func event(id: String) async throws -> EventDetails {
        if id.hasPrefix(DemoProgramme.idPrefix) { return try await demo.event(id: id) }
        return try await (live ?? demo).event(id: id)
    }
}
