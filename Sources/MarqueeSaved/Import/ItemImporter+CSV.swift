import Foundation
import MarqueeCatalog
import MarqueeCore
import MarqueeWire

/// Letterboxd and IMDb files: rows are looked up in the catalog, and their ratings and dates are checked by the same
/// rules as the API's (a value the API would refuse makes the row `invalid`, with the reason).
extension ItemImporter {
    private struct Match {
        let kind: SavedKind
        let summary: MediaSummary
    }

    func importCSV(_ table: CSVTable, format: Format, list: SavedList, for user: UserID) async throws
        -> ImportReport
    {
        var report = try Self.report(format: format, list: list, rows: table.rows.count)
        for row in table.rows {
            let title = row.value("title", "name")
            let year = row.value("year").flatMap { Int($0.prefix(4)) }
            let match: Match?
            do {
                match = try await self.match(row, format: format, title: title, year: year)
            } catch let error as DomainError where error.code == .upstreamUnavailable {
                throw error
            } catch let error as DomainError {
                report.invalid.append(.init(row: row.line, title: title, reason: error.message))
                continue
            }
            guard let match else {
                let named = title.map { "'\($0.prefix(100))'\(year.map { " (\($0))" } ?? "")" } ?? "this row"
                report.notMatched.append(
                    .init(row: row.line, title: title, reason: "The catalog has no title matching \(named)."))
                continue
            }
            let edit: ItemEdit
            do {
                edit = try self.edit(row, match: match, list: list, format: format)
            } catch let error as DomainError {
                report.invalid.append(.init(row: row.line, title: title, reason: error.message))
                continue
            }
            guard
                try await save(
                    edit, list: list, kind: match.kind, id: String(match.summary.id), for: user, into: &report)
            else { break }
        }
        return report
    }

    private func match(_ row: CSVTable.Row, format: Format, title: String?, year: Int?) async throws -> Match? {
        let kind: SavedKind = Self.isTV(row.value("title type")) ? .tv : .movie
        if let text = row.value("tmdbid") {
            guard let id = Int(text), id > 0 else {
                throw DomainError(.badItemID, "tmdbID '\(text.prefix(20))' is not a number.")
            }
            do {
                let movie = try await catalog.movie(id: id, locale: locale)
                return Match(
                    kind: .movie,
                    summary: MediaSummary(
                        mediaType: .movie, id: movie.id, title: movie.title, year: movie.year, poster: movie.poster))
            } catch let error as DomainError where error.code == .catalogNotFound {
                return nil
            }
        }
        if let text = row.value("imdbid", "const") {
            guard text.hasPrefix("tt"), text.count <= 12, Int(text.dropFirst(2)) != nil else {
                throw DomainError(.badItemID, "'\(text.prefix(20))' is not an IMDb title id (tt followed by digits).")
            }
            if let found = try await catalog.title(imdbID: text, locale: locale) {
                return Match(kind: found.mediaType == .tv ? .tv : .movie, summary: found)
            }
        }
        guard let title else { throw DomainError(.badSnapshot, "The row has no title.") }
        guard let query = try? SearchQuery(text: title, scope: kind == .tv ? .tv : .movie, year: year) else {
            throw DomainError(.badSnapshot, "The title is longer than 200 characters.")
        }
        let wanted = title.searchFolded
        let found = try await catalog.search(query, locale: locale).results.first { result in
            (result.title.searchFolded == wanted || result.originalTitle?.searchFolded == wanted)
                && (year == nil || result.year == year)
        }
        return found.map { Match(kind: kind, summary: $0) }
    }

    private static func isTV(_ type: String?) -> Bool {
        guard let type = type?.lowercased().replacingOccurrences(of: " ", with: "") else { return false }
        return type.hasPrefix("tvseries") || type.hasPrefix("tvminiseries")
    }

    /// What a matched row saves: the catalog's snapshot, and on the watchlist the row's rating and watched date.
    private func edit(_ row: CSVTable.Row, match: Match, list: SavedList, format: Format) throws -> ItemEdit {
        var edit = ItemEdit(snapshot: try ItemRules.snapshot(Self.snapshot(match.summary, kind: match.kind)))
        if list == .watchlist, match.kind == .movie || match.kind == .tv {
            if let rating = try Self.rating(row, format: format) { edit.rating = .set(rating) }
            if let text = row.value("watcheddate", "watched date", "date rated") {
                guard let date = Self.day(text) else {
                    throw DomainError(
                        .invalidBody, "The watched date '\(text.prefix(30))' is not a date like 2024-05-31.")
                }
                edit.watchedAt = .set(try ItemRules.watchedAt(date, now: now()))
            }
        }
        if let review = row.value("review", "description"), let note = try ItemRules.note(review) {
            edit.note = .set(note)
        }
        return edit
    }

    /// Letterboxd's 0.5–5 stars (or `Rating10`) and IMDb's `Your Rating` (1–10), as 1–10.
    private static func rating(_ row: CSVTable.Row, format: Format) throws -> Int? {
        if let text = row.value("rating10", "your rating") {
            guard let ten = Double(text), (1...10).contains(ten) else {
                throw DomainError(.badRating, "The rating '\(text.prefix(20))' is not a number from 1 to 10.")
            }
            return Int(ten.rounded())
        }
        if format == .letterboxd, let text = row.value("rating") {
            guard let stars = Double(text), (0.5...5).contains(stars) else {
                throw DomainError(.badRating, "The rating '\(text.prefix(20))' is not a number of stars from 0.5 to 5.")
            }
            return Int((stars * 2).rounded())
        }
        return nil
    }

    private static func day(_ text: String) -> Date? {
        RFC3339.date(text.count == 10 ? text + "T12:00:00Z" : text)
    }

    private static func snapshot(_ summary: MediaSummary, kind: SavedKind) -> ItemSnapshot {
        ItemSnapshot(
            title: String(String.UnicodeScalarView(summary.title.unicodeScalars.prefix(ItemRules.maxTitleLength))),
            imageURL: summary.poster?.small,
            subtitle: summary.year.map(String.init))
    }

}
