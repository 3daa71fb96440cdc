public import Foundation
public import MarqueeWire

/// A save (`PUT`) or an edit (`PATCH`) of one saved item: each field is kept, cleared or set. Saving a new item
/// needs its `snapshot` (cities excepted: the server writes theirs). Watched dates and ratings are for movies and
/// shows on the watchlist.
public struct SavedItemEdit: Encodable, Sendable, Equatable {
    /// What the app shows for the item; it cannot be cleared.
    public var snapshot: ItemSnapshot?
    /// Plain text up to 2,000 characters.
    public var note: FieldChange<String>
    /// A shortcut: true sets `watchedAt` to the server's now, false clears it. Ignored when `watchedAt` changes.
    public var watched: Bool?
    /// When it was watched.
    public var watchedAt: FieldChange<Date>
    /// A rating from 1 to 10.
    public var rating: FieldChange<Int>

    /// Creates an edit; fields not given are kept.
    public init(
        snapshot: ItemSnapshot? = nil, note: FieldChange<String> = .keep, watched: Bool? = nil,
        watchedAt: FieldChange<Date> = .keep, rating: FieldChange<Int> = .keep
    ) {
        self.snapshot = snapshot
        self.note = note
        self.watched = watched
        self.watchedAt = watchedAt
        self.rating = rating
    }

    // Spelled as the wire encoder's snake_case conversion expects.
    private enum CodingKeys: String, CodingKey {
        case snapshot, note, watched, watchedAt, rating
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(snapshot, forKey: .snapshot)
        try container.encodeChange(note, forKey: .note)
        try container.encodeIfPresent(watched, forKey: .watched)
        try container.encodeChange(watchedAt.map(RFC3339.milliseconds), forKey: .watchedAt)
        try container.encodeChange(rating, forKey: .rating)
    }
}
