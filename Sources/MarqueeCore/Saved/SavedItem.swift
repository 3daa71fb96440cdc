public import Foundation

/// The two lists a person keeps.
public enum SavedList: String, Codable, Sendable, CaseIterable, Hashable {
    case favorites
    case watchlist
}

/// What a saved item is: the catalog's kinds now, the later experiences' kinds already reserved.
public enum SavedKind: String, Codable, Sendable, CaseIterable, Hashable {
    case movie, tv, person, city, event, artwork
}

/// What the app shows for a saved item without asking the catalog again.
public struct ItemSnapshot: Codable, Sendable, Equatable {
    /// Title or name.
    public var title: String
    /// Poster, portrait or picture URL.
    public var imageURL: String?
    /// A short line such as the year or the country.
    public var subtitle: String?
    /// Kind-specific facts (a city's `latitude`/`longitude`, an event's `starts_at`, …).
    public var extra: [String: String]?

    /// Creates a snapshot.
    public init(title: String, imageURL: String? = nil, subtitle: String? = nil, extra: [String: String]? = nil) {
        self.title = title
        self.imageURL = imageURL
        self.subtitle = subtitle
        self.extra = extra
    }
}

/// One item in one of a person's lists, identified by (list, kind, id).
public struct SavedItem: Codable, Sendable, Equatable {
    /// The longest note, in Unicode scalars.
    public static let maxNoteLength = 2_000

    public var list: SavedList
    public var kind: SavedKind
    /// The source's id (TMDB's for titles and people).
    public var id: String
    public var snapshot: ItemSnapshot
    /// A plain-text note, at most 2,000 characters.
    public var note: String?
    /// For watchlist titles: when it was watched.
    public var watchedAt: Date?
    /// For watchlist titles: a rating from 1 to 10.
    public var rating: Int?
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates an item.
    public init(
        list: SavedList, kind: SavedKind, id: String, snapshot: ItemSnapshot, note: String? = nil,
        watchedAt: Date? = nil, rating: Int? = nil, createdAt: Date, updatedAt: Date? = nil
    ) {
        self.list = list
        self.kind = kind
        self.id = id
        self.snapshot = snapshot
        self.note = note
        self.watchedAt = watchedAt
        self.rating = rating
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    /// Whether `other` says the same about the item, byte for byte, whenever either was last updated. (Swift's `==`
    /// on strings takes `é` and `e` + U+0301 as equal; an edit from one to the other must still be saved.)
    public func hasSameContent(as other: SavedItem) -> Bool {
        var other = other
        other.updatedAt = updatedAt
        guard self == other else { return false }
        let texts = { (item: SavedItem) -> [String?] in
            [item.id, item.snapshot.title, item.snapshot.imageURL, item.snapshot.subtitle, item.note]
                + (item.snapshot.extra ?? [:]).sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
        }
        return zip(texts(self), texts(other)).allSatisfy { mine, theirs in
            mine?.utf8.elementsEqual(theirs?.utf8 ?? "".utf8) ?? (theirs == nil)
        }
    }
}

/// One entry of a person's change log: every change to their lists gets the next sequence number.
public struct ItemChange: Codable, Sendable, Equatable {
    /// What happened.
    public enum Operation: String, Codable, Sendable {
        case upsert, delete, clear
    }

    /// Strictly increasing per person, committed with the change itself.
    public var seq: Int64
    public var op: Operation
    public var list: SavedList
    /// The item's kind (for `clear`, the kind cleared, or nil for the whole list).
    public var kind: SavedKind?
    /// The item's id (nil for `clear`).
    public var id: String?
    /// The item as it is after an upsert.
    public var item: SavedItem?
    public var at: Date

    /// Creates a change.
    public init(
        seq: Int64, op: Operation, list: SavedList, kind: SavedKind?, id: String?, item: SavedItem?, at: Date
    ) {
        self.seq = seq
        self.op = op
        self.list = list
        self.kind = kind
        self.id = id
        self.item = item
        self.at = at
    }
}
