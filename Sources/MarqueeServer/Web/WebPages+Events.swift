import Foundation
import Hummingbird
import MarqueeCore
import MarqueeEvents
import MarqueeWeather
import MarqueeWeb
import MarqueeWire

extension WebPages {
    func registerEventPages(on router: Router<MarqueeRequestContext>) {
        router.get("events") { request, context in
            try await rendering(request, context) { visit in try await eventsHome(request, context, visit: visit) }
        }
        router.get("events/{id}") { request, context in
            try await rendering(request, context) { visit in
                let event = try await events.service.event(id: RequestParsing.pathParameter("id", in: context))
                let page = EventPage(
                    chrome: chrome(event.name, .events, visit, styles: ["things.css"]), event: event,
                    extra: event.summary.savedSnapshot.extra, attribution: events.service.attribution)
                return try responses.page(page)
            }
        }
        router.get("events/{id}/demo-tickets") { request, context in
            try await rendering(request, context) { visit in
                let id = RequestParsing.pathParameter("id", in: context)
                guard id.hasPrefix(DemoProgramme.idPrefix) else {
                    throw DomainError(.eventNotFound, "Only demo events have a demo ticket page.")
                }
                let event = try await events.service.event(id: id)
                let page = DemoTicketsPage(
                    chrome: chrome("Demo tickets", .events, visit, styles: ["things.css"]), name: event.name,
                    eventURL: "/events/\(id.queryValueEncoded)")
                return try responses.page(page)
            }
        }
    }

    /// `/events`, and `/` for those whose app is about events: the events near the place typed. Without a place,
    /// the demo programme shows all of its events; Ticketmaster needs one.
    func eventsHome(_ request: Request, _ context: MarqueeRequestContext, visit: WebVisit) async throws -> Response {
        let parse = try RequestParsing(request: request, context: context)
        let placeText = (parse.query("place") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let text = try EventsQuery.text(parse.query("q"))
        let page = try parse.page()
        let path = request.uri.path == "/" ? "/" : "/events"
        let isDemo = events.service.source == .demo
        let fields: [ThingsPage.Field] = [
            .init(name: "place", label: "Near", value: placeText, placeholder: "A city: Amsterdam, Tokyo…"),
            .init(name: "q", label: "What", value: text ?? "", placeholder: "Jazz, theatre, a name…"),
        ]
        let demoCities = isDemo ? try await events.demo.programme().cities : []
        let suggestions = demoCities.map { PageLink(href: "\(path)?place=\($0.id)", label: $0.name) }
        var cards: [Card] = []
        var found: EventsPage?
        var heading = "Events"
        if !placeText.isEmpty {
            let place = try await events.places.resolve(placeText)
            found = try await events.service.search(near: place, query: text, page: page)
            heading = "Events near \(place.name)"
            cards = found?.results.map { Card($0, extra: $0.savedSnapshot.extra) } ?? []
        } else if isDemo {
            heading = "Events: the demo programme"
            let all = try await events.demo.programme().programme().map(\.summary)
            cards = all.filter { event in text.map { Self.mentions(event, $0) } ?? true }
                .map { Card($0, extra: $0.savedSnapshot.extra) }
        }
        var query = ["place=\(placeText.queryValueEncoded)"]
        if let text { query.append("q=\(text.queryValueEncoded)") }
        let things = ThingsPage(
            chrome: chrome(heading, .events, visit, scripts: ["things.js"], styles: ["things.css"]), heading: heading,
            action: path, fields: fields,
            notice: isDemo
                ? "Demo programme: these events are invented, to show what Marquee's Events pages look like. "
                    + "With a Ticketmaster key, the server lists real events near any city." : nil,
            emptyText: placeText.isEmpty
                ? "Type a city to see the events near it."
                : isDemo ? "The demo programme has no events near there." : "No upcoming events found near there.",
            suggestions: cards.isEmpty || placeText.isEmpty ? suggestions : [],
            suggestionsLabel: "The demo programme plays in:", cards: cards, page: found?.page ?? 1,
            totalPages: found?.totalPages ?? 1,
            api: found.map { _ in "/api/v1/events?\(query.joined(separator: "&"))" },
            attribution: events.service.attribution,
            attributionURL: isDemo ? nil : "https://developer.ticketmaster.com/",
            gated: visit.viewer == .guest && text != nil,
            pageURL: { "\(path)?\((query + ["page=\($0)"]).joined(separator: "&"))" })
        return try responses.page(things)
    }

    private static func mentions(_ event: EventSummary, _ text: String) -> Bool {
        let needle = text.searchFolded
        return [event.name, event.venue ?? "", event.city ?? ""].contains { $0.searchFolded.contains(needle) }
    }
}

/// What the events pages need: the service, the place resolver and the demo programme.
struct WebEvents: Sendable {
    let service: EventsService
    let places: EventPlaces
    let demo: DemoEvents
}
