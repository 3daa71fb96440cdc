package import Foundation
import MarqueeCore
package import MarqueeWire

/// What a request asks to change about one field.
package enum FieldUpdate<Value: Sendable>: Sendable {
    /// Leave it as it is.
    case keep
    /// Set it.
    case set(Value)
    /// Remove it.
    case clear

    func applied(to current: Value?) -> Value? {
        switch self {
        case .keep: current
        case .set(let value): value
        case .clear: nil
        }
    }
}

/// A save (`PUT`, which needs the snapshot when the item is new) or an edit (`PATCH`) of one saved item. Fields
/// left at `.keep` stay as they are, so tapping a heart again never wipes a note.
package struct ItemEdit: Sendable {
    package var snapshot: ItemSnapshot?
    package var note: FieldUpdate<String>
    package var watchedAt: FieldUpdate<Date>
    package var rating: FieldUpdate<Int>
    /// When a new item was first saved (an import restoring an export); ignored for an item that exists, and the store
    /// takes it only if earlier than now.
    package var createdAt: Date?

    /// Creates an edit (already checked against `ItemRules`).
    package init(
        snapshot: ItemSnapshot? = nil, note: FieldUpdate<String> = .keep, watchedAt: FieldUpdate<Date> = .keep,
        rating: FieldUpdate<Int> = .keep, createdAt: Date? = nil
    ) {
        self.snapshot = snapshot
        self.note = note
        self.watchedAt = watchedAt
        self.rating = rating
        self.createdAt = createdAt
    }

    /// Whether it touches the watched date or the rating.
    var setsWatchFields: Bool {
        if case .set = watchedAt { return true }
        if case .set = rating { return true }
        return false
    }

    /// The item after the edit, or nil when there is no item and the edit carries no snapshot to make one.
    func applied(to existing: SavedItem?, list: SavedList, kind: SavedKind, id: String, at date: Date) -> SavedItem? {
        guard let snapshot = snapshot ?? existing?.snapshot else { return nil }
        return SavedItem(
            list: list, kind: kind, id: id, snapshot: snapshot, note: note.applied(to: existing?.note),
            watchedAt: watchedAt.applied(to: existing?.watchedAt), rating: rating.applied(to: existing?.rating),
            createdAt: existing?.createdAt ?? createdAt ?? date, updatedAt: date)
    }
}
