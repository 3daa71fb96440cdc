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

/// What the app shows for a saved item without asking the catalog again. Its `Codable` form is its wire form
/// (`WireJSON`'s snake_case: `image_url`).
public struct ItemSnapshot: Codable, Sendable, Equatable {
    /// Title or name.
    public var title: String
    /// Poster, portrait or picture URL.
    public var imageURL: String?
    /// A short line such as the year or the country.
    public var subtitle: String?
    /// Kind-specific facts (a city's `latitude`/`longitude`, an event's `starts_at`, …).
    public var extra: [String: String]?

    // Spelled as `WireJSON` converts them to and from snake_case (`image_url` reads back as `imageUrl`).
    private enum CodingKeys: String, CodingKey {
        case title
        case imageURL = "imageUrl"
        case subtitle, extra
    }

    /// Creates a snapshot.
    public init(title: String, imageURL: String? = nil, subtitle: String? = nil, extra: [String: String]? = nil) {
        self.title = title
        self.imageURL = imageURL
        self.subtitle = subtitle
        self.extra = extra
    }
}

/// One item in one of a person's lists, identified by (list, kind, id). Its `Codable` form, through `WireJSON`, is
/// its one JSON form: the API's (`media_type`, RFC 3339 times to the millisecond) and the change log's. `ItemJSON`
/// writes the same by hand, faster.
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

    // Spelled as `WireJSON` converts them to and from snake_case.
    private enum CodingKeys: String, CodingKey {
        case list
        case kind = "mediaType"
        case id, snapshot, note, watchedAt, rating, createdAt, updatedAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        list = try container.decode(SavedList.self, forKey: .list)
        kind = try container.decode(SavedKind.self, forKey: .kind)
        id = try container.decode(String.self, forKey: .id)
        snapshot = try container.decode(ItemSnapshot.self, forKey: .snapshot)
        note = try container.decodeIfPresent(String.self, forKey: .note)
        watchedAt = try container.decodeIfPresent(RFC3339.Timestamp.self, forKey: .watchedAt)?.date
        rating = try container.decodeIfPresent(Int.self, forKey: .rating)
        createdAt = try container.decode(RFC3339.Timestamp.self, forKey: .createdAt).date
        updatedAt = try container.decode(RFC3339.Timestamp.self, forKey: .updatedAt).date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(list, forKey: .list)
        try container.encode(kind, forKey: .kind)
        try container.encode(id, forKey: .id)
        try container.encode(snapshot, forKey: .snapshot)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(watchedAt.map(RFC3339.Timestamp.init), forKey: .watchedAt)
        try container.encodeIfPresent(rating, forKey: .rating)
        try container.encode(RFC3339.Timestamp(createdAt), forKey: .createdAt)
        try container.encode(RFC3339.Timestamp(updatedAt), forKey: .updatedAt)
    }

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

/// One entry of a person's change log: every change to their lists gets the next sequence number. Its `Codable`
/// form is its wire form, as `SavedItem`'s is (`media_type`, RFC 3339 `at`), which the log stores too.
public struct ItemChange: Codable, Sendable, Equatable {
    /// What happened.
    public enum Operation: String, Codable, Sendable {
        case upsert, delete, clear
    }

    /// Strictly increasing per person, committed with the change itself.
    public var seq: Int64
    public var op: Operation
    public var list: SavedList
    /// The item's kind (for `clear`, the kind cleared when it was one, or nil).
    public var kind: SavedKind?
    /// For a `clear` limited to some kinds (`?kind=`, or an experience's kinds), those kinds; nil for the whole list.
    public var kinds: [SavedKind]?
    /// The item's id (nil for `clear`).
    public var id: String?
    /// The item as it is after an upsert.
    public var item: SavedItem?
    public var at: Date

    // Spelled as `WireJSON` converts them to and from snake_case.
    private enum CodingKeys: String, CodingKey {
        case seq, op, list
        case kind = "mediaType"
        case kinds = "mediaTypes"
        case id, item, at
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seq = try container.decode(Int64.self, forKey: .seq)
        op = try container.decode(Operation.self, forKey: .op)
        list = try container.decode(SavedList.self, forKey: .list)
        kind = try container.decodeIfPresent(SavedKind.self, forKey: .kind)
        kinds = try container.decodeIfPresent([SavedKind].self, forKey: .kinds)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        item = try container.decodeIfPresent(SavedItem.self, forKey: .item)
        at = try container.decode(RFC3339.Timestamp.self, forKey: .at).date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seq, forKey: .seq)
        try container.encode(op, forKey: .op)
        try container.encode(list, forKey: .list)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encodeIfPresent(kinds, forKey: .kinds)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(item, forKey: .item)
        try container.encode(RFC3339.Timestamp(at), forKey: .at)
    }

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

    /// A `clear` of `kinds` of `list` (of the whole list when nil); `kind` is set too when there is one, as a clear
    /// of one kind always said.
    public static func clear(seq: Int64, list: SavedList, kinds: [SavedKind]?, at date: Date) -> ItemChange {
        var change = ItemChange(
            seq: seq, op: .clear, list: list, kind: kinds?.count == 1 ? kinds?.first : nil, id: nil, item: nil,
            at: date)
        change.kinds = kinds
        return change
    }
}
