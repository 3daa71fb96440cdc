package import Foundation
import MarqueeCore
package import MarqueeWire

/// The rules every saved item follows, checked where requests come in. Each failure is a `DomainError` whose
/// message says what is allowed.
package enum ItemRules {
    /// The longest title or name in a snapshot, in characters.
    package static let maxTitleLength = 300
    /// The longest item id.
    package static let maxIDLength = 64

    /// `favorites` or `watchlist`.
    package static func list(_ text: String) throws -> SavedList {
        guard let list = SavedList(rawValue: text) else {
            throw DomainError(
                .unknownSavedList, "There is no list called '\(text.prefix(40))'. Lists: favorites, watchlist.")
        }
        return list
    }

    /// One of the kinds an item can have.
    package static func kind(_ text: String) throws -> SavedKind {
        guard let kind = SavedKind(rawValue: text) else {
            let kinds = SavedKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw DomainError(.unknownSavedKind, "'\(text.prefix(40))' is not a kind of item. Kinds: \(kinds).")
        }
        return kind
    }

    /// A source id: 1–64 letters, digits, `.`, `_`, `-`, `:`, `(` or `)` (TMDB's numbers, a museum's `SK-C-5` and
    /// `RP-T-1930-54(V)`, …).
    package static func id(_ text: String) throws -> String {
        let allowed = text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2E || byte == 0x5F || byte == 0x2D || byte == 0x3A || byte == 0x28 || byte == 0x29
        }
        guard !text.isEmpty, text.utf8.count <= maxIDLength, allowed, text != ".", text != ".." else {
            throw DomainError(
                .badItemID,
                "'\(text.prefix(40))' is not a valid item id: use 1 to \(maxIDLength) letters, digits, '.', '_', '-', ':', '(' or ')'."
            )
        }
        return text
    }

    /// A source id in `kind`'s own form. Movies, shows, people (TMDB's, or the catalog's own numbers) and cities
    /// (GeoNames') have whole numbers from 1, written plainly: `0603` would otherwise be a second item beside `603`,
    /// and `abc` names nothing. Events and artworks keep their sources' own ids.
    package static func id(_ text: String, kind: SavedKind) throws -> String {
        let id = try id(text)
        switch kind {
        case .movie, .tv, .person, .city:
            guard WholeNumber.isDigits(id), id.utf8.first != UInt8(ascii: "0"), id.utf8.count <= 18 else {
                throw DomainError(
                    .badItemID,
                    "'\(text.prefix(40))' is not a valid \(kind.rawValue) id: \(kind.rawValue) ids are whole numbers from 1 "
                        + "up, with no leading zeros.")
            }
            return id
        case .event, .artwork:
            return id
        }
    }

    package static func note(_ text: String) throws -> String? {
        let length = text.unicodeScalars.count
        guard length <= SavedItem.maxNoteLength else {
            throw DomainError(
                .badNote,
                "A note can be at most \(SavedItem.maxNoteLength.formatted()) characters long; this one has \(length.formatted())."
            )
        }
        guard !text.unicodeScalars.contains(where: { $0.isControl && !isLineBreakOrTab($0) }) else {
            throw DomainError(.badNote, "A note is plain text: it cannot hold control characters.")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
    }

    /// A rating from 1 to 10.
    package static func rating(_ value: Int) throws -> Int {
        guard (1...10).contains(value) else {
            throw DomainError(.badRating, "A rating is a whole number from 1 to 10.")
        }
        return value
    }

    /// A rating as JSON numbers come (`8`, `8.0`): a whole number from 1 to 10.
    package static func rating(_ value: Double) throws -> Int {
        guard let whole = Int(exactly: value) else {
            throw DomainError(.badRating, "A rating is a whole number from 1 to 10.")
        }
        return try rating(whole)
    }

    /// The earliest time an item's dates may name: nobody logging a film here watched or saved one before 1900.
    static let earliestDate = Date(timeIntervalSince1970: -2_208_988_800)

    /// A time sent as RFC 3339 text for `field`, from 1900 on.
    package static func time(_ text: String, field: String) throws -> Date {
        guard let date = RFC3339.date(text) else {
            throw DomainError(.invalidBody, "\(field) must be an RFC 3339 time such as 2026-11-22T20:15:00Z.")
        }
        guard date >= earliestDate else { throw DomainError(.invalidBody, "\(field) cannot be before 1900.") }
        return date
    }

    /// A watched date from 1900 up to a day from now (a day's slack for clocks and time zones).
    package static func watchedAt(_ date: Date, now: Date) throws -> Date {
        guard date >= earliestDate else {
            throw DomainError(.invalidBody, "watched_at cannot be before 1900.")
        }
        guard date <= now.addingTimeInterval(86_400) else {
            throw DomainError(.invalidBody, "watched_at cannot be more than a day in the future.")
        }
        return date
    }

    /// A snapshot with a title, short fields and, if any, an http(s) or server-relative image.
    package static func snapshot(_ snapshot: ItemSnapshot) throws -> ItemSnapshot {
        var checked = snapshot
        checked.title = snapshot.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !checked.title.isEmpty else { throw DomainError(.badSnapshot, "snapshot.title is required.") }
        try short(checked.title, "snapshot.title", maxTitleLength)
        checked.subtitle = snapshot.subtitle?.trimmingCharacters(in: .whitespacesAndNewlines)
        if checked.subtitle?.isEmpty == true { checked.subtitle = nil }
        if let subtitle = checked.subtitle { try short(subtitle, "snapshot.subtitle", 200) }
        // Blank is the same as absent, for the image and the extra fields as for the subtitle.
        checked.imageURL = snapshot.imageURL?.trimmingCharacters(in: .whitespacesAndNewlines)
        if checked.imageURL?.isEmpty == true { checked.imageURL = nil }
        if snapshot.extra?.isEmpty == true { checked.extra = nil }
        if let image = checked.imageURL {
            try short(image, "snapshot.image_url", 2_000)
            guard isImageAddress(image) else {
                throw DomainError(.badSnapshot, "snapshot.image_url must be an http(s) URL or a path on this server.")
            }
        }
        if let extra = snapshot.extra {
            guard extra.count <= 20 else {
                throw DomainError(.badSnapshot, "snapshot.extra can hold at most 20 fields.")
            }
            for (key, value) in extra {
                guard !key.isEmpty, key.utf8.count <= 40,
                    key.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F })
                else {
                    throw DomainError(.badSnapshot, "snapshot.extra keys are 1 to 40 lowercase letters, digits or '_'.")
                }
                try short(value, "snapshot.extra.\(key)", 200)
            }
        }
        return checked
    }

    /// Watched dates and ratings are for movies and shows on the watchlist.
    package static func checkWatchable(list: SavedList, kind: SavedKind) throws {
        guard list == .watchlist, kind == .movie || kind == .tv else {
            throw DomainError(.notWatchable, "Watched dates and ratings are for movies and shows on the watchlist.")
        }
    }

    /// A one-line field: no control characters at all, line breaks and tabs included.
    private static func short(_ text: String, _ field: String, _ limit: Int) throws {
        guard text.unicodeScalars.count <= limit else {
            throw DomainError(.badSnapshot, "\(field) can be at most \(limit) characters long.")
        }
        guard !text.unicodeScalars.contains(where: { $0.isControl || isLineSeparator($0) }) else {
            throw DomainError(
                .badSnapshot,
                "\(field) is one line of text: it cannot hold line breaks, tabs or other control characters.")
        }
    }

    /// An absolute http(s) URL with a host, or a path on this server. No spaces or backslashes anywhere: browsers
    /// read `/\host/x` as `//host/x`, another site.
    private static func isImageAddress(_ text: String) -> Bool {
        guard !text.unicodeScalars.contains(where: { $0 == "\\" || $0.properties.isWhitespace }) else { return false }
        if text.hasPrefix("/") { return !text.hasPrefix("//") }
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = parts.host, !host.isEmpty
        else { return false }
        return true
    }

    /// U+2028 and U+2029: line breaks that are not control characters.
    private static func isLineSeparator(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .lineSeparator || category == .paragraphSeparator
    }

    private static func isLineBreakOrTab(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\t" || scalar == "\r"
    }
}
