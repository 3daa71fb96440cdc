import Foundation
package import MarqueeCore
package import MarqueeWire

/// `/search`: a form that works by submitting, enhanced to search as you type. With an empty box it shows recent
/// searches (kept by the browser) and suggestions.
package struct SearchPage: WebPage {
    package static let template = "search"
    package let chrome: Chrome
    let query: String
    let year: String
    let scopes: [Choice]
    let cards: [Card]
    let hasQuery: Bool
    let empty: Bool
    let totalResults: String?
    let page: Int
    let totalPages: Int
    let api: String
    let localeQuery: String
    let next: String?
    let suggestions: [Suggestion]
    let gated: Bool
    let problem: String?
    /// The card the script draws results with (`card-template.mustache`).
    let cardTemplate = Card.template

    /// A title to search for when the box is empty.
    struct Suggestion: Sendable {
        let title: String
        let href: String
    }

    /// The search page; `results` is nil when the box is empty or the query was refused (`problem`).
    /// `localeQuery` (`language=…&region=…`, or empty) is added to the API URLs the script loads.
    package init(
        chrome: Chrome, query: String, scope: SearchQuery.Scope, year: Int?, results: Page<MediaSummary>?,
        suggestions: [MediaSummary], gated: Bool, problem: String? = nil, localeQuery: String = ""
    ) {
        self.chrome = chrome
        self.query = query
        self.year = year.map(String.init) ?? ""
        let labels: [(SearchQuery.Scope, String)] = [
            (.multi, "Everything"), (.movie, "Movies"), (.tv, "TV"), (.person, "People"),
        ]
        scopes = labels.map { Choice(value: $0.0.rawValue, label: $0.1, selected: $0.0 == scope) }
        cards = results?.results.map(Card.init) ?? []
        hasQuery = results != nil
        empty = results.map { $0.results.isEmpty } ?? false
        totalResults = results.map { Formatting.count($0.totalResults, "result") }
        page = results?.page ?? 1
        totalPages = results?.totalPages ?? 0
        var parameters = "q=\(query.queryValueEncoded)&type=\(scope.rawValue)"
        if let year { parameters += "&year=\(year)" }
        api = "/api/v1/search?\(parameters)" + (localeQuery.isEmpty ? "" : "&\(localeQuery)")
        self.localeQuery = localeQuery
        next = results.flatMap { $0.page < $0.totalPages ? "/search?\(parameters)&page=\($0.page + 1)" : nil }
        self.suggestions = suggestions.map {
            Suggestion(title: $0.title, href: "/search?q=\($0.title.queryValueEncoded)")
        }
        self.gated = gated
        self.problem = problem
    }
}
