package import MarqueeWire

/// Where events come from: Ticketmaster, the embedded demo programme, a test's fake.
package protocol EventsProvider: Sendable {
    /// What the events it gives say about where they come from.
    var source: EventSource { get }

    /// Page `page` (from 1) of the upcoming events around `place`, soonest first; only those whose name, genre or
    /// venue mention `query`, when given.
    func search(near place: City, query: String?, page: Int) async throws -> EventsPage

    /// The event with id `id`, or `events.not_found`.
    func event(id: String) async throws -> EventDetails
}
