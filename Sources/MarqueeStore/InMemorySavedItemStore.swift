public import Foundation
public import MarqueeCore

/// A `SavedItemStore` in memory, for tests and tools.
public actor InMemorySavedItemStore: SavedItemStore {
    private struct Key: Hashable {
        let user: UserID
        let list: SavedList
        let kind: SavedKind
        let id: String
    }

    private var items: [Key: SavedItem] = [:]
    private var logs: [UserID: [ItemChange]] = [:]
    private var latest: [UserID: Int64] = [:]
    private var compactedThrough: [UserID: Int64] = [:]

    /// Creates an empty store.
    public init() {}

    public func save(_ item: SavedItem, for user: UserID, at date: Date) -> ItemChange {
        let date = Milliseconds.rounded(date)
        let key = Key(user: user, list: item.list, kind: item.kind, id: item.id)
        var stored = item
        stored.watchedAt = item.watchedAt.map(Milliseconds.rounded)
        stored.createdAt = items[key]?.createdAt ?? date
        stored.updatedAt = date
        items[key] = stored
        return log(user, op: .upsert, list: item.list, kind: item.kind, id: item.id, item: stored, at: date)
    }

    public func remove(list: SavedList, kind: SavedKind, id: String, for user: UserID, at date: Date) -> ItemChange? {
        guard items.removeValue(forKey: Key(user: user, list: list, kind: kind, id: id)) != nil else { return nil }
        return log(user, op: .delete, list: list, kind: kind, id: id, item: nil, at: date)
    }

    public func clear(list: SavedList, kind: SavedKind?, for user: UserID, at date: Date) -> ItemChange? {
        let doomed = items.keys.filter { $0.user == user && $0.list == list && (kind == nil || $0.kind == kind) }
        guard !doomed.isEmpty else { return nil }
        for key in doomed { items[key] = nil }
        return log(user, op: .clear, list: list, kind: kind, id: nil, item: nil, at: date)
    }

    public func item(list: SavedList, kind: SavedKind, id: String, for user: UserID) -> SavedItem? {
        items[Key(user: user, list: list, kind: kind, id: id)]
    }

    public func items(list: SavedList, for user: UserID) -> [SavedItem] {
        items.filter { $0.key.user == user && $0.key.list == list }.values
            .sorted { ($0.createdAt, $0.kind.rawValue, $0.id) > ($1.createdAt, $1.kind.rawValue, $1.id) }
    }

    public func changes(for user: UserID, after seq: Int64, limit: Int) -> ChangeFeed {
        let newest = latest[user] ?? 0
        if seq < (compactedThrough[user] ?? 0) { return .compacted(latest: newest) }
        return .changes(Array((logs[user] ?? []).filter { $0.seq > seq }.prefix(limit)), latest: newest)
    }

    public func compact(for user: UserID, keeping keep: Int) {
        guard let newest = latest[user], newest > Int64(keep) else { return }
        let through = newest - Int64(keep)
        logs[user]?.removeAll { $0.seq <= through }
        compactedThrough[user] = max(compactedThrough[user] ?? 0, through)
    }

    private func log(
        _ user: UserID, op: ItemChange.Operation, list: SavedList, kind: SavedKind?, id: String?, item: SavedItem?,
        at date: Date
    ) -> ItemChange {
        let seq = (latest[user] ?? 0) + 1
        latest[user] = seq
        let change = ItemChange(seq: seq, op: op, list: list, kind: kind, id: id, item: item, at: date)
        logs[user, default: []].append(change)
        return change
    }
}
