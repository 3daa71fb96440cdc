package import Foundation
import MarqueeCore
package import MarqueeUpstream
package import MarqueeWire

/// Events from Ticketmaster's Discovery API v2 (a key), through the upstream cache: searches fresh for 10 minutes,
/// events for an hour; while Ticketmaster cannot be reached, or its daily allowance is spent, the last answer is
/// served for up to a week. The key goes in the URL only, never in a cache key, a log or an answer.
///
/// The server makes the fetcher with `unavailable: .eventsUnavailable` and `TicketmasterProvider.policy(_:)`, so
/// that a caller who cannot be answered gets `events.upstream_unavailable` with `Retry-After`.
package struct TicketmasterProvider: EventsProvider {
    private let fetcher: UpstreamFetcher
    private let baseURL: String
    private let apiKey: String
    private let now: @Sendable () -> Date

    /// A search is fresh this long.
    static let searchFreshFor: TimeInterval = 600
    /// An event is fresh this long.
    static let eventFreshFor: TimeInterval = 3_600
    /// The last answer is served this long while Ticketmaster cannot be asked.
    static let servableFor: TimeInterval = 7 * 86_400
    /// Events a page.
    static let pageSize = 20
    /// How far from the place a search reaches.
    static let radiusKilometres = 50
    /// Discovery pages through the first 1,000 events of a search only (size × page < 1,000).
    static let maxPage = 1_000 / pageSize

    package var source: EventSource { .ticketmaster }

    /// Ticketmaster at `baseURL` (`https://app.ticketmaster.com/discovery/v2`) with `apiKey`, called through
    /// `fetcher`; events are judged ended at `now`.
    package init(baseURL: String, apiKey: String, fetcher: UpstreamFetcher, now: @escaping @Sendable () -> Date) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.apiKey = apiKey
        self.fetcher = fetcher
        self.now = now
    }

    /// `base` within a Ticketmaster key's allowance: by default 5 requests a second and 5,000 a day.
    package static func policy(
        _ base: UpstreamFetcher.Policy, requestsPerSecond: Double = 5, dailyLimit: Int = 5_000
    ) -> UpstreamFetcher.Policy {
        var policy = base
        policy.requestsPerSecond = requestsPerSecond
        policy.dailyLimit = dailyLimit
        return policy
    }

    package func search(near place: City, query: String?, page: Int) async throws -> EventsPage {
        guard (1...Self.maxPage).contains(page) else {
            throw DomainError(
                .badPage, "Ticketmaster lists the first 1,000 events of a search: pages 1 to \(Self.maxPage).")
        }
        var parameters = [
            ("geoPoint", Geohash.encode(latitude: place.latitude, longitude: place.longitude)),
            ("radius", String(Self.radiusKilometres)), ("unit", "km"),
        ]
        if let keyword = query?.trimmingCharacters(in: .whitespacesAndNewlines).nonEmpty {
            parameters.append(("keyword", keyword))
        }
        parameters += [
            ("size", String(Self.pageSize)), ("page", String(page - 1)), ("sort", "date,asc"), ("locale", "*"),
        ]
        let fetched = try await fetch(
            "/events.json", parameters: parameters, logPath: "/events.json", freshFor: Self.searchFreshFor)
        guard let answer = try? JSONDecoder().decode(TicketmasterSearch.self, from: Data(fetched.body)) else {
            throw Self.unreadable
        }
        let date = now()
        // Ticketmaster lists at most 1,000 of a search; a total past a billion is not one to believe either.
        let total = min(max(answer.page?.totalElements ?? 0, 0), 1_000_000_000)
        let pages = answer.page?.totalPages ?? (total + Self.pageSize - 1) / Self.pageSize
        return EventsPage(
            // An event whose id could not be asked for again (or saved) is left out.
            page: page, results: answer.events.filter { TicketmasterID.isValid($0.id) }.map { $0.summary(now: date) },
            totalPages: min(max(pages, 1), Self.maxPage), totalResults: total, place: place, source: .ticketmaster)
    }

    package func event(id: String) async throws -> EventDetails {
        guard TicketmasterID.isValid(id) else { throw Self.notFound(id) }
        let path = "/events/\(id.queryValueEncoded).json"
        let fetched: FetchedBody
        do {
            fetched = try await fetch(path, parameters: [("locale", "*")], logPath: path, freshFor: Self.eventFreshFor)
        } catch let error as DomainError where error.code == .catalogNotFound {
            throw Self.notFound(id)
        }
        guard let event = try? JSONDecoder().decode(TicketmasterEvent.self, from: Data(fetched.body)) else {
            throw Self.unreadable
        }
        return event.details(now: now())
    }

    /// `path` with `parameters`, cached under a key without the API key.
    private func fetch(
        _ path: String, parameters: [(String, String)], logPath: String, freshFor: TimeInterval
    ) async throws -> FetchedBody {
        let query = parameters.map { "\($0.0)=\($0.1.queryValueEncoded)" }.joined(separator: "&")
        return try await fetcher.current(
            cacheKey: "ticketmaster:\(path)?\(query)",
            url: "\(baseURL)\(path)?\(query)&apikey=\(apiKey.queryValueEncoded)", logPath: logPath,
            freshFor: freshFor, servableFor: Self.servableFor)
    }

    private static func notFound(_ id: String) -> DomainError {
        DomainError(.eventNotFound, "There is no event with id '\(id.prefix(64))'.")
    }

    private static let unreadable = DomainError(
        .eventsUnavailable, "Ticketmaster sent an answer Marquee could not read.")
}
