package import Foundation
package import MarqueeCore
package import MarqueeWire

/// What reading a person's change log since a sequence number gives.
package enum ChangeFeed: Sendable, Equatable {
    /// Exactly the changes after the given number, in order (possibly none).
    case changes([ItemChange], latest: Int64)
    /// The log no longer reaches back that far: send a snapshot of the lists instead, then continue after `latest`.
    case compacted(latest: Int64)
}

/// Where saved items and their per-person change log live. Each change and its log entry are written in one
/// transaction, so a change that was answered as saved is also in the log.
package protocol SavedItemStore: Sendable {
    /// Reads the item at (list, kind, id), lets `edit` decide what it becomes, and saves that, all in one
    /// transaction; the creation time of an existing item is kept. `edit` may throw to change nothing. A new item
    /// that would take the person past `limit` items throws `SavedItemLimitReached`.
    /// Every upsert is logged as a change of its own, so its caller can tell its change by its number; one that
    /// leaves the item as it was rewrites nothing, and its change carries the item (and times) as they were. A new
    /// item keeps the creation time `edit` gives it if that is earlier than `date` (imports restoring an export).
    func upsert(
        list: SavedList, kind: SavedKind, id: String, for user: UserID, at date: Date, limit: Int,
        _ edit: @escaping @Sendable (SavedItem?) throws -> SavedItem
    ) async throws -> SavedItemUpsert
    /// Removes an item; nil when there was none (nothing is logged).
    func remove(list: SavedList, kind: SavedKind, id: String, for user: UserID, at date: Date) async throws
        -> ItemChange?
    /// Empties a list, or the given kinds of it, as one change; nil when there was nothing to remove.
    func clear(list: SavedList, kinds: [SavedKind]?, for user: UserID, at date: Date) async throws -> ItemChange?
    /// One item.
    func item(list: SavedList, kind: SavedKind, id: String, for user: UserID) async throws -> SavedItem?
    /// A page of items.
    func page(_ query: SavedItemQuery, for user: UserID) async throws -> SavedItemPage
    /// Which of these (kind, id) pairs are saved, in which lists.
    func lists(containing pairs: [SavedItemKey], for user: UserID) async throws -> [SavedItemKey: Set<SavedList>]
    /// Up to `limit` of the person's items (both lists), oldest first, after `position` (the last item of the batch
    /// before, as `position(for: .created)` gives it): everything, a few at a time, for exports and snapshots.
    func batch(for user: UserID, after position: SavedItemPosition?, limit: Int) async throws -> [SavedItem]
    /// How many items the person has in all.
    func count(for user: UserID) async throws -> Int
    /// The person's latest change sequence number (0 before their first change).
    func latest(for user: UserID) async throws -> Int64
    /// The changes after `seq`, at most `limit`.
    func changes(for user: UserID, after seq: Int64, limit: Int) async throws -> ChangeFeed
    /// Drops log entries older than the newest `keep`.
    func compact(for user: UserID, keeping keep: Int) async throws
    /// Moves every item of `source` into `target`'s lists, logging each as a change of `target`. Where both have
    /// the same item, they are merged (`SavedItem.merging`). Returns the changes logged. Throws
    /// `SavedItemLimitReached`, having moved nothing, when `target` would end up with more than `limit` items.
    func move(from source: UserID, to target: UserID, at date: Date, limit: Int) async throws -> [ItemChange]
}

extension SavedItem {
    /// What an upsert stores when `edit` made this item: at (list, kind, id) whatever the edit said, to the
    /// millisecond, created when `existing` was (a new item when the edit says, if earlier than `date`), updated at
    /// `date` (already rounded).
    package func upserted(list: SavedList, kind: SavedKind, id: String, replacing existing: SavedItem?, at date: Date)
        -> SavedItem
    {
        var stored = self
        stored.list = list
        stored.kind = kind
        stored.id = id
        stored.watchedAt = watchedAt.map(Milliseconds.rounded)
        stored.createdAt = existing?.createdAt ?? min(Milliseconds.rounded(createdAt), date)
        stored.updatedAt = date
        return stored
    }
}

extension SavedItem {
    /// What the account keeps when a guest's copy (`incoming`) of an item it already has (`self`) moves in: the
    /// snapshot of the copy updated last; a note, watched date or rating that only one copy has; two different notes
    /// both, the newer first, when together they fit in one note. Nil when that is what the account has already.
    package func merging(_ incoming: SavedItem) -> SavedItem? {
        let (newer, older) = incoming.updatedAt > updatedAt ? (incoming, self) : (self, incoming)
        var merged = newer
        merged.note = Self.joined(newer.note, older.note)
        merged.watchedAt = newer.watchedAt ?? older.watchedAt
        merged.rating = newer.rating ?? older.rating
        merged.createdAt = min(createdAt, incoming.createdAt)
        return merged.hasSameContent(as: self) ? nil : merged
    }

    private static func joined(_ newer: String?, _ older: String?) -> String? {
        guard let newer, let older, !newer.utf8.elementsEqual(older.utf8) else { return newer ?? older }
        let both = newer + "\n\n" + older
        return both.unicodeScalars.count <= maxNoteLength ? both : newer
    }
}

/// What an upsert did.
package struct SavedItemUpsert: Sendable, Equatable {
    /// The logged change.
    package var change: ItemChange
    /// Whether the item is new (rather than an update of one that existed).
    package var created: Bool

    /// Creates the result.
    package init(change: ItemChange, created: Bool) {
        self.change = change
        self.created = created
    }
}

/// An item's identity within a list: its kind and source id.
package struct SavedItemKey: Hashable, Sendable {
    package var kind: SavedKind
    package var id: String

    /// Creates a key.
    package init(kind: SavedKind, id: String) {
        self.kind = kind
        self.id = id
    }
}

extension SavedItemStore {
    /// Saves `item` as it is (keeping the creation time of an existing one), with no limit on the count.
    package func save(_ item: SavedItem, for user: UserID, at date: Date) async throws -> ItemChange {
        try await upsert(list: item.list, kind: item.kind, id: item.id, for: user, at: date, limit: .max) { _ in item }
            .change
    }

    /// Every item of a list, newest first.
    package func items(list: SavedList, for user: UserID) async throws -> [SavedItem] {
        try await page(SavedItemQuery(list: list, limit: .max), for: user).items
    }
}

/// The bus message saying a person's change log grew to `seq` (other instances read the change itself).
package struct ItemChangeNotice: Sendable, Equatable {
    package var user: UserID
    package var seq: Int64

    package init(user: UserID, seq: Int64) {
        self.user = user
        self.seq = seq
    }

    /// Reads a bus message; nil for any other kind of message.
    package init?(message: String) {
        let parts = message.split(separator: " ")
        guard parts.count == 3, parts[0] == "items", let user = UserID(String(parts[1])), let seq = Int64(parts[2])
        else { return nil }
        self.init(user: user, seq: seq)
    }

    package var message: String { "items \(user.rawValue) \(seq)" }
}
