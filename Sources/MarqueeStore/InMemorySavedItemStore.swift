package import Foundation
package import MarqueeCore
package import MarqueeWire

/// A `SavedItemStore` in memory, for tests and tools.
package actor InMemorySavedItemStore: SavedItemStore {
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
    package init() {}

    package func upsert(
        list: SavedList, kind: SavedKind, id: String, for user: UserID, at date: Date, limit: Int,
        _ edit: @escaping @Sendable (SavedItem?) throws -> SavedItem
    ) throws -> SavedItemUpsert {
        let date = Milliseconds.rounded(date)
        let key = Key(user: user, list: list, kind: kind, id: id)
        let existing = items[key]
        let stored = try edit(existing).upserted(list: list, kind: kind, id: id, replacing: existing, at: date)
        if existing == nil, count(for: user) >= limit { throw SavedItemLimitReached(limit: limit) }
        let kept = existing.flatMap { stored.hasSameContent(as: $0) ? $0 : nil }
        items[key] = kept ?? stored
        let change = log(user, op: .upsert, list: list, kind: kind, id: id, item: kept ?? stored, at: date)
        return SavedItemUpsert(change: change, created: existing == nil)
    }

    package func remove(list: SavedList, kind: SavedKind, id: String, for user: UserID, at date: Date) -> ItemChange? {
        guard items.removeValue(forKey: Key(user: user, list: list, kind: kind, id: id)) != nil else { return nil }
        return log(user, op: .delete, list: list, kind: kind, id: id, item: nil, at: Milliseconds.rounded(date))
    }

    package func clear(list: SavedList, kinds: [SavedKind]?, for user: UserID, at date: Date) -> ItemChange? {
        let doomed = items.keys.filter { $0.user == user && $0.list == list && kinds?.contains($0.kind) != false }
        guard !doomed.isEmpty else { return nil }
        for key in doomed { items[key] = nil }
        let seq = (latest[user] ?? 0) + 1
        latest[user] = seq
        let change = ItemChange.clear(seq: seq, list: list, kinds: kinds, at: Milliseconds.rounded(date))
        logs[user, default: []].append(change)
        return change
    }

    package func item(list: SavedList, kind: SavedKind, id: String, for user: UserID) -> SavedItem? {
        items[Key(user: user, list: list, kind: kind, id: id)]
    }

    package func page(_ query: SavedItemQuery, for user: UserID) -> SavedItemPage {
        let matching = items.filter { key, item in
            key.user == user && (query.list == nil || key.list == query.list)
                && (query.kind == nil || key.kind == query.kind)
                && (query.watched.map { $0 == (item.watchedAt != nil) } ?? true)
                && (query.text.map { text in
                    [item.snapshot.title, item.note ?? ""].joined(separator: "\n").searchFolded.contains(text)
                } ?? true)
        }.values
        let ordered = matching.sorted { Self.precedes($0.position(for: query.sort), $1.position(for: query.sort)) }
        let sorted = query.descending ? ordered.reversed() : ordered
        let remaining = sorted.drop { item in
            guard let after = query.after else { return false }
            let position = item.position(for: query.sort)
            return query.descending ? !Self.precedes(position, after) : !Self.precedes(after, position)
        }
        let page = Array(remaining.prefix(query.limit))
        let next = remaining.count > page.count ? page.last?.position(for: query.sort) : nil
        return SavedItemPage(items: page, next: next, total: matching.count)
    }

    package func lists(containing pairs: [SavedItemKey], for user: UserID) -> [SavedItemKey: Set<SavedList>] {
        var result: [SavedItemKey: Set<SavedList>] = [:]
        for pair in Set(pairs) {
            for list in SavedList.allCases where items[Key(user: user, list: list, kind: pair.kind, id: pair.id)] != nil
            {
                result[pair, default: []].insert(list)
            }
        }
        return result
    }

    package func batch(for user: UserID, after position: SavedItemPosition?, limit: Int) -> [SavedItem] {
        let after = position.map { position in
            { (item: SavedItem) in Self.precedes(position, item.position(for: .created)) }
        }
        return Array(all(of: user).filter { after?($0) ?? true }.prefix(limit))
    }

    /// Every item of `user`, oldest first.
    private func all(of user: UserID) -> [SavedItem] {
        items.filter { $0.key.user == user }.values.sorted {
            Self.precedes($0.position(for: .created), $1.position(for: .created))
        }
    }

    package func count(for user: UserID) -> Int {
        items.keys.count { $0.user == user }
    }

    package func latest(for user: UserID) -> Int64 { latest[user] ?? 0 }

    package func changes(for user: UserID, after seq: Int64, limit: Int) -> ChangeFeed {
        let newest = latest[user] ?? 0
        if seq < (compactedThrough[user] ?? 0) { return .compacted(latest: newest) }
        return .changes(Array((logs[user] ?? []).filter { $0.seq > seq }.prefix(limit)), latest: newest)
    }

    package func compact(for user: UserID, keeping keep: Int) {
        guard let newest = latest[user], newest > Int64(keep) else { return }
        let through = newest - Int64(keep)
        logs[user]?.removeAll { $0.seq <= through }
        compactedThrough[user] = max(compactedThrough[user] ?? 0, through)
    }

    package func move(from source: UserID, to target: UserID, at date: Date, limit: Int) throws -> [ItemChange] {
        let date = Milliseconds.rounded(date)
        let moving = all(of: source)
        let arriving = moving.filter { items[Key(user: target, list: $0.list, kind: $0.kind, id: $0.id)] == nil }.count
        guard arriving == 0 || count(for: target) + arriving <= limit else {
            throw SavedItemLimitReached(limit: limit)
        }
        var changes: [ItemChange] = []
        for item in moving {
            let key = Key(user: target, list: item.list, kind: item.kind, id: item.id)
            let existing = items[key]
            guard let stored = existing.map({ $0.merging(item) }) ?? item else { continue }
            items[key] = stored
            changes.append(
                log(target, op: .upsert, list: item.list, kind: item.kind, id: item.id, item: stored, at: date))
        }
        return changes
    }

    /// The ascending order of positions: by value, then list, kind and id (as the SQL store orders).
    private static func precedes(_ a: SavedItemPosition, _ b: SavedItemPosition) -> Bool {
        switch (a.value, b.value) {
        case (.number(let x), .number(let y)) where x != y: return x < y
        case (.text(let x), .text(let y)) where x != y: return x < y
        default: return (a.list.rawValue, a.kind.rawValue, a.id) < (b.list.rawValue, b.kind.rawValue, b.id)
        }
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
