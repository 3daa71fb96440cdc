import Foundation
public import MarqueeCatalog
public import MarqueeCore
import MarqueeStore

/// Imports saved items from a Marquee JSON export, a Letterboxd CSV or an IMDb list CSV. CSV rows are matched to
/// the catalog by TMDB id, then IMDb id, then title and year. Items already saved are left untouched, so running
/// the same import twice changes nothing the second time.
public struct ItemImporter: Sendable {
    /// The formats it reads.
    public enum Format: String, Sendable, CaseIterable {
        case json, letterboxd, imdb
    }

    /// The most rows one import reads.
    public static let maxRows = 10_000

    private let items: SavedItemService
    private let catalog: any CatalogProvider
    private let locale: LocaleOptions

    /// Creates an importer that saves through `items` and matches against `catalog`.
    public init(items: SavedItemService, catalog: any CatalogProvider, locale: LocaleOptions) {
        self.items = items
        self.catalog = catalog
        self.locale = locale
    }

    /// Imports `text` for `user`. `format` nil detects it; CSV rows go into `list` (default: watchlist).
    public func run(_ text: String, format: Format?, list: SavedList?, for user: UserID) async throws -> ImportReport {
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        let format = try format ?? Self.detect(trimmed)
        switch format {
        case .json:
            return try await importExport(String(trimmed), for: user)
        case .letterboxd, .imdb:
            return try await importCSV(CSVTable(text), format: format, list: list ?? .watchlist, for: user)
        }
    }

    private static func detect(_ text: Substring) throws -> Format {
        if text.hasPrefix("{") || text.hasPrefix("[") { return .json }
        let header = CSVTable(String(text.prefix { $0 != "\n" && $0 != "\r" })).header
        if header.contains("const") { return .imdb }
        if header.contains("title") || header.contains("name") || header.contains("tmdbid") || header.contains("imdbid") {
            return .letterboxd
        }
        throw DomainError(
            .unknownImportFormat,
            "This file is not a Marquee JSON export, a Letterboxd CSV (Title, Year, tmdbID, imdbID) or an IMDb list CSV (Const, Title, Year).")
    }

    // MARK: CSV

    private struct Match {
        let kind: SavedKind
        let summary: MediaSummary
    }

    private func importCSV(_ table: CSVTable, format: Format, list: SavedList, for user: UserID) async throws
        -> ImportReport
    {
        var report = ImportReport(
            format: format.rawValue, list: list.rawValue, rows: table.rows.count, imported: 0, alreadySaved: 0,
            notMatched: [], invalid: [], stoppedAtLimit: false)
        if table.rows.count > Self.maxRows {
            throw DomainError(.invalidBody, "An import can hold at most \(Self.maxRows.formatted()) rows; this one has \(table.rows.count.formatted()).")
        }
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
                report.notMatched.append(.init(row: row.line, title: title, reason: "The catalog has no title matching \(named)."))
                continue
            }
            var edit = ItemEdit(snapshot: Self.snapshot(match.summary, kind: match.kind))
            if list == .watchlist, match.kind == .movie || match.kind == .tv {
                if let rating = Self.rating(row, format: format) { edit.rating = .set(rating) }
                if let watched = row.value("watcheddate", "watched date", "date rated").flatMap(Self.day) {
                    edit.watchedAt = .set(watched)
                }
            }
            if let review = row.value("review", "description") {
                do {
                    if let note = try ItemRules.note(review) { edit.note = .set(note) }
                } catch let error as DomainError {
                    report.invalid.append(.init(row: row.line, title: title, reason: error.message))
                    continue
                }
            }
            guard try await save(edit, list: list, kind: match.kind, id: String(match.summary.id), for: user, into: &report)
            else { break }
        }
        return report
    }

    private func match(_ row: CSVTable.Row, format: Format, title: String?, year: Int?) async throws -> Match? {
        let kind: SavedKind = Self.isTV(row.value("title type")) ? .tv : .movie
        if let text = row.value("tmdbid") {
            guard let id = Int(text), id > 0 else { throw DomainError(.badItemID, "tmdbID '\(text.prefix(20))' is not a number.") }
            do {
                let movie = try await catalog.movie(id: id, locale: locale)
                return Match(kind: .movie, summary: MediaSummary(
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

    /// Letterboxd's 0.5–5 stars (or `Rating10`) and IMDb's `Your Rating` (1–10), as 1–10.
    private static func rating(_ row: CSVTable.Row, format: Format) -> Int? {
        if let ten = row.value("rating10", "your rating").flatMap(Double.init) { return clamp(ten) }
        if format == .letterboxd, let stars = row.value("rating").flatMap(Double.init) { return clamp(stars * 2) }
        return nil
    }

    private static func clamp(_ value: Double) -> Int? {
        guard value.isFinite, value >= 0.5, value < 10.5 else { return nil }
        return Int(value.rounded())
    }

    private static func day(_ text: String) -> Date? {
        RFC3339.date(text.count == 10 ? text + "T12:00:00Z" : text)
    }

    private static func snapshot(_ summary: MediaSummary, kind: SavedKind) -> ItemSnapshot {
        ItemSnapshot(
            title: String(summary.title.prefix(ItemRules.maxTitleLength)), imageURL: summary.poster?.small,
            subtitle: summary.year.map(String.init))
    }

    // MARK: JSON export

    private struct Export: Decodable {
        var items: [SavedItemWire]
    }

    private func importExport(_ text: String, for user: UserID) async throws -> ImportReport {
        let export: Export
        do {
            export = try WireJSON.makeDecoder().decode(Export.self, from: Data(text.utf8))
        } catch {
            throw DomainError(.invalidBody, "This JSON is not a Marquee export: it needs an items array of saved items.")
        }
        guard export.items.count <= Self.maxRows else {
            throw DomainError(.invalidBody, "An import can hold at most \(Self.maxRows.formatted()) items.")
        }
        var report = ImportReport(
            format: Format.json.rawValue, list: nil, rows: export.items.count, imported: 0, alreadySaved: 0,
            notMatched: [], invalid: [], stoppedAtLimit: false)
        for (index, wire) in export.items.enumerated() {
            let edit: ItemEdit
            let id: String
            do {
                id = try ItemRules.id(wire.id)
                edit = try Self.edit(from: wire)
            } catch let error as DomainError {
                report.invalid.append(.init(row: index + 1, title: wire.snapshot.title, reason: error.message))
                continue
            }
            guard try await save(edit, list: wire.list, kind: wire.mediaType, id: id, for: user, into: &report) else { break }
        }
        return report
    }

    private static func edit(from wire: SavedItemWire) throws -> ItemEdit {
        var edit = ItemEdit(snapshot: try ItemRules.snapshot(wire.snapshot.model))
        if let note = try wire.note.flatMap(ItemRules.note) { edit.note = .set(note) }
        if wire.watchedAt != nil || wire.rating != nil { try ItemRules.checkWatchable(list: wire.list, kind: wire.mediaType) }
        if let text = wire.watchedAt {
            guard let date = RFC3339.date(text) else { throw DomainError(.invalidBody, "watched_at is not an RFC 3339 time.") }
            edit.watchedAt = .set(date)
        }
        if let rating = wire.rating { edit.rating = .set(try ItemRules.rating(rating)) }
        return edit
    }

    /// Saves unless already saved; false once the account is full.
    private func save(
        _ edit: ItemEdit, list: SavedList, kind: SavedKind, id: String, for user: UserID, into report: inout ImportReport
    ) async throws -> Bool {
        if (try? await items.item(list: list, kind: kind, id: id, for: user)) != nil {
            report.alreadySaved += 1
            return true
        }
        do {
            _ = try await items.save(edit, list: list, kind: kind, id: id, for: user)
            report.imported += 1
            return true
        } catch let error as DomainError where error.code == .itemLimitReached {
            report.stoppedAtLimit = true
            return false
        }
    }
}
