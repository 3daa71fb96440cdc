package import Foundation
package import MarqueeCatalog
package import MarqueeCore
import MarqueeStore
package import MarqueeWire

/// Imports saved items from Marquee's own exports (JSON or CSV), a Letterboxd CSV or an IMDb list CSV. Letterboxd
/// and IMDb rows are matched to the catalog by TMDB id, then IMDb id, then title and year. Items already saved are
/// left untouched, so running the same import twice (or two at once) changes nothing the second time.
package struct ItemImporter: Sendable {
    /// The formats it reads: `json` and `csv` are Marquee's exports.
    package enum Format: String, Sendable, CaseIterable {
        case json, csv, letterboxd, imdb
    }

    /// The most rows one import reads.
    package static let maxRows = 10_000

    let items: SavedItemService
    let catalog: any CatalogProvider
    let locale: LocaleOptions
    let now: @Sendable () -> Date

    /// Creates an importer that saves through `items` and matches against `catalog`.
    package init(
        items: SavedItemService, catalog: any CatalogProvider, locale: LocaleOptions,
        now: @escaping @Sendable () -> Date
    ) {
        self.items = items
        self.catalog = catalog
        self.locale = locale
        self.now = now
    }

    /// Imports `text` for `user`. `format` nil detects it; Letterboxd and IMDb rows go into `list` (default:
    /// watchlist), Marquee's rows into their own lists.
    package func run(_ text: String, format: Format?, list: SavedList?, for user: UserID) async throws -> ImportReport {
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        let detected = try Self.detect(trimmed)
        if let format, format != detected, !(format == .letterboxd && detected == .imdb) {
            throw DomainError(
                .unknownImportFormat,
                "This file does not look like \(Self.describe(format)); it looks like \(Self.describe(detected)).")
        }
        switch format ?? detected {
        case .json:
            return try await importExport(String(trimmed), for: user)
        case .csv:
            return try await importMarqueeCSV(CSVTable(text), for: user)
        case .letterboxd, .imdb:
            return try await importCSV(CSVTable(text), format: format ?? detected, list: list ?? .watchlist, for: user)
        }
    }

    private static func detect(_ text: Substring) throws -> Format {
        if text.hasPrefix("{") || text.hasPrefix("[") { return .json }
        let header = Set(CSVTable(String(text.prefix { $0 != "\n" && $0 != "\r" })).header)
        if header.isSuperset(of: ["list", "media_type", "id"]) { return .csv }
        if header.contains("const") { return .imdb }
        if !header.isDisjoint(with: ["title", "name", "tmdbid", "imdbid"]) { return .letterboxd }
        throw DomainError(
            .unknownImportFormat,
            "This file is not a Marquee export (JSON or CSV), a Letterboxd CSV (Title, Year, tmdbID, imdbID) or an IMDb list CSV (Const, Title, Year)."
        )
    }

    private static func describe(_ format: Format) -> String {
        switch format {
        case .json: "a Marquee JSON export"
        case .csv: "a Marquee CSV export"
        case .letterboxd: "a Letterboxd CSV"
        case .imdb: "an IMDb list CSV"
        }
    }

    /// The report of an import of `rows` rows, before any is read; refused past `maxRows`.
    static func report(format: Format, list: SavedList?, rows: Int) throws -> ImportReport {
        guard rows <= maxRows else {
            throw DomainError(
                .invalidBody,
                "An import can hold at most \(maxRows.formatted()) rows; this one has \(rows.formatted()).")
        }
        return ImportReport(
            format: format.rawValue, list: list?.rawValue, rows: rows, imported: 0, alreadySaved: 0, notMatched: [],
            invalid: [], stoppedAtLimit: false)
    }

    /// Saves unless already saved; false once the account is full.
    func save(
        _ edit: ItemEdit, list: SavedList, kind: SavedKind, id: String, for user: UserID,
        into report: inout ImportReport
    ) async throws -> Bool {
        // Checked first so that a second run of a big import costs reads, not write transactions; `saveIfNew` decides.
        if (try? await items.item(list: list, kind: kind, id: id, for: user)) != nil {
            report.alreadySaved += 1
            return true
        }
        do {
            if try await items.saveIfNew(edit, list: list, kind: kind, id: id, for: user) {
                report.imported += 1
            } else {
                report.alreadySaved += 1
            }
            return true
        } catch let error as DomainError where error.code == .itemLimitReached {
            report.stoppedAtLimit = true
            return false
        }
    }
}
