import Foundation
package import MarqueeWire

/// Language and region a catalog request is made for.
package struct LocaleOptions: Hashable, Sendable {
    /// BCP 47-style language, e.g. `en-US` (TMDB's `language`).
    package var language: String
    /// ISO 3166-1 region, e.g. `US` (certifications, watch providers, release dates).
    package var region: String

    /// Creates locale options.
    package init(language: String, region: String) {
        self.language = language
        self.region = region
    }

    /// The language part alone, e.g. `en` of `en-US`.
    package var languageCode: String {
        String(language.split(separator: "-").first ?? Substring(language)).lowercased()
    }
}

/// A search across the catalog.
package struct SearchQuery: Hashable, Sendable {
    /// What to search: everything, or one kind.
    package enum Scope: String, CaseIterable, Sendable {
        case multi, movie, tv, person
    }

    /// The trimmed query, 1–200 characters.
    package var text: String
    /// Which kinds to search.
    package var scope: Scope
    /// Release (movie) or first-air (TV) year filter.
    package var year: Int?
    /// 1-based page.
    package var page: Int

    /// Search text as typed, trimmed; nil when blank. `catalog.bad_query` when longer than 200 characters or
    /// holding control characters (a NUL would otherwise search for nothing and find nothing, without a word).
    package static func text(_ typed: String) throws(DomainError) -> String? {
        let trimmed = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.unicodeScalars.count <= 200 else {
            throw DomainError(.badQuery, "A search can be at most 200 characters long.")
        }
        guard !trimmed.unicodeScalars.contains(where: \.isControl) else {
            throw DomainError(.badQuery, "A search cannot hold control characters.")
        }
        return trimmed
    }

    /// Creates a validated query, throwing `catalog.bad_query` for an empty, overlong or unprintable text.
    package init(text: String, scope: Scope = .multi, year: Int? = nil, page: Int = 1) throws(DomainError) {
        guard let trimmed = try Self.text(text) else {
            throw DomainError(.badQuery, "Type something to search for.")
        }
        if year != nil, scope == .person {
            throw DomainError(.invalidParameter, "year filters movies and TV shows, not people.")
        }
        self.text = trimmed
        self.scope = scope
        self.year = year
        self.page = page
    }
}

/// Browsing titles by genre.
package struct DiscoverQuery: Hashable, Sendable {
    /// Sort orders for discovery.
    package enum Sort: String, CaseIterable, Sendable {
        case popularity, rating, date
    }

    /// `movie` or `tv`.
    package var kind: MediaKind
    /// TMDB genre id to filter by.
    package var genre: Int?
    /// Sort order (always descending: most popular, best rated, newest first).
    package var sort: Sort
    /// 1-based page.
    package var page: Int

    /// Creates a discovery query.
    package init(kind: MediaKind, genre: Int? = nil, sort: Sort = .popularity, page: Int = 1) {
        self.kind = kind
        self.genre = genre
        self.sort = sort
        self.page = page
    }
}
