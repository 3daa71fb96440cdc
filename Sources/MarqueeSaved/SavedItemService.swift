package import Foundation
package import MarqueeCore
package import MarqueeStore
package import MarqueeWire

/// Favourites and watchlists: every operation on a person's saved items, each change logged under the next
/// sequence number and handed to the live streams once committed. The owner is always the caller's account.
package struct SavedItemService: Sendable {
    /// How many items one account may keep (both lists together).
    package let itemLimit: Int
    /// How many recent changes each person's log keeps for resuming streams; older ones are compacted away.
    package let changeLogLength: Int
    private let store: any SavedItemStore
    private let publisher: any ChangePublisher
    private let authority: (any ItemSnapshotAuthority)?
    private let now: @Sendable () -> Date

    /// Creates the service; `authority` (if any) writes the snapshots of the kinds it vouches for.
    package init(
        store: any SavedItemStore, publisher: any ChangePublisher, authority: (any ItemSnapshotAuthority)? = nil,
        itemLimit: Int = 10_000, changeLogLength: Int = 1_000, now: @escaping @Sendable () -> Date
    ) {
        self.store = store
        self.publisher = publisher
        self.authority = authority
        self.itemLimit = itemLimit
        self.changeLogLength = changeLogLength
        self.now = now
    }

    /// Saves an item (`PUT`): creates it from the edit's snapshot, or updates the fields the edit names.
    package func save(_ edit: ItemEdit, list: SavedList, kind: SavedKind, id: String, for user: UserID) async throws
        -> SavedItemUpsert
    {
        if edit.setsWatchFields { try ItemRules.checkWatchable(list: list, kind: kind) }
        let edit = try await vouched(edit, kind: kind, id: id)
        return try await apply(list: list, kind: kind, id: id, for: user) { existing, date in
            try Self.saving(edit, over: existing, list: list, kind: kind, id: id, at: date)
        }
    }

    /// Saves a new item, or does nothing if the caller has one there already (imports: two running at once, or a
    /// retried one, never both write the same item). True if this call saved it.
    package func saveIfNew(_ edit: ItemEdit, list: SavedList, kind: SavedKind, id: String, for user: UserID)
        async throws
        -> Bool
    {
        if edit.setsWatchFields { try ItemRules.checkWatchable(list: list, kind: kind) }
        let edit = try await vouched(edit, kind: kind, id: id)
        do {
            _ = try await apply(list: list, kind: kind, id: id, for: user) { existing, date in
                guard existing == nil else { throw AlreadySaved() }
                return try Self.saving(edit, over: nil, list: list, kind: kind, id: id, at: date)
            }
            return true
        } catch is AlreadySaved {
            return false
        }
    }

    /// Edits an existing item (`PATCH`); `items.not_found` if the caller has none.
    package func edit(_ edit: ItemEdit, list: SavedList, kind: SavedKind, id: String, for user: UserID) async throws
        -> ItemChange
    {
        if edit.setsWatchFields { try ItemRules.checkWatchable(list: list, kind: kind) }
        let edit = edit.snapshot == nil ? edit : try await vouched(edit, kind: kind, id: id)
        return try await apply(list: list, kind: kind, id: id, for: user) { existing, date in
            guard let existing, let item = edit.applied(to: existing, list: list, kind: kind, id: id, at: date) else {
                throw Self.notFound
            }
            return item
        }.change
    }

    /// Removes an item; `items.not_found` if the caller has none.
    package func remove(list: SavedList, kind: SavedKind, id: String, for user: UserID) async throws -> ItemChange {
        guard let change = try await store.remove(list: list, kind: kind, id: id, for: user, at: now()) else {
            throw Self.notFound
        }
        await committed(change, for: user)
        return change
    }

    /// Empties a list (or the given kinds of it: one, or an experience's) in one change; nil when there was nothing
    /// to remove.
    package func clear(list: SavedList, kinds: [SavedKind]?, for user: UserID) async throws -> ItemChange? {
        guard let change = try await store.clear(list: list, kinds: kinds, for: user, at: now()) else { return nil }
        await committed(change, for: user)
        return change
    }

    /// One item; `items.not_found` if the caller has none.
    package func item(list: SavedList, kind: SavedKind, id: String, for user: UserID) async throws -> SavedItem {
        guard let item = try await store.item(list: list, kind: kind, id: id, for: user) else { throw Self.notFound }
        return item
    }

    /// A page of items and the cursor of the next one.
    package func page(_ query: SavedItemQuery, for user: UserID) async throws -> (page: SavedItemPage, cursor: String?)
    {
        let page = try await store.page(query, for: user)
        return (page, page.next.map { ItemCursor.encode($0, for: query) })
    }

    /// Which lists each (kind, id) pair is in (pairs in no list are left out).
    package func states(of pairs: [SavedItemKey], for user: UserID) async throws -> [SavedItemKey: Set<SavedList>] {
        guard (1...100).contains(pairs.count) else {
            throw DomainError(.tooManyPairs, "Ask about 1 to 100 items at a time; this asked about \(pairs.count).")
        }
        return try await store.lists(containing: pairs, for: user)
    }

    /// Everything the caller saved, to be read a batch at a time, and the point of the latest change it reflects,
    /// which a client that replaces its lists with these items resumes from (exports, and snapshots on the stream
    /// and from `GET /changes`).
    package func snapshot(for user: UserID, batchSize: Int = 100) async throws -> SavedItemSnapshot {
        // The point first: a change saved while the batches are read is then both in them and replayed after the
        // point, never missed (a change applied twice leaves what it left once).
        let point = try await latestPoint(for: user)
        return SavedItemSnapshot(point: point, store: store, user: user, batchSize: batchSize)
    }

    /// The caller's latest change sequence number (0 before their first change).
    package func latest(for user: UserID) async throws -> Int64 {
        try await store.latest(for: user)
    }

    /// The changes after `point` (at most `limit`), or word that the log cannot replay from there (see
    /// `ChangeReplay`). A checked point needs its own change still in the log: one that is the last compacted away
    /// gets `.compacted`, though a bare number there would still replay.
    package func changes(for user: UserID, after point: ResumePoint, limit: Int = 500) async throws -> ChangeReplay {
        guard let check = point.check, point.seq > 0 else {
            switch try await store.changes(for: user, after: point.seq, limit: limit) {
            case .compacted(let latest): return .compacted(latest: latest)
            case .changes(_, let latest) where point.seq > latest: return .reset(latest: latest)
            case .changes(let changes, let latest): return .changes(changes, latest: latest)
            }
        }
        // Read from the client's own last change, to see that it is still the one the client saw.
        switch try await store.changes(for: user, after: point.seq - 1, limit: limit + 1) {
        case .compacted(let latest):
            return point.seq > latest ? .reset(latest: latest) : .compacted(latest: latest)
        case .changes(let changes, let latest):
            guard let first = changes.first, first.seq == point.seq, ResumePoint.check(of: first) == check else {
                return .reset(latest: latest)
            }
            return .changes(Array(changes.dropFirst()), latest: latest)
        }
    }

    /// The point of `seq` in the caller's log (their latest, for a snapshot or a page): with its check while the log
    /// holds that change.
    package func resumePoint(for user: UserID, at seq: Int64) async throws -> ResumePoint {
        guard seq > 0, case .changes(let changes, _) = try await store.changes(for: user, after: seq - 1, limit: 1),
            let change = changes.first, change.seq == seq
        else { return ResumePoint(seq: seq) }
        return ResumePoint(after: change)
    }

    /// The point of the caller's latest change.
    package func latestPoint(for user: UserID) async throws -> ResumePoint {
        try await resumePoint(for: user, at: try await latest(for: user))
    }

    /// Moves a guest's items into another account (an upgrade that found the address taken, or a sign-in), all or
    /// nothing: `items.limit_reached` when the account would pass the item limit.
    package func moveAll(from guest: UserID, to target: UserID) async throws {
        let changes: [ItemChange]
        do {
            changes = try await store.move(from: guest, to: target, at: now(), limit: itemLimit)
        } catch let error as SavedItemLimitReached {
            throw DomainError(
                .itemLimitReached,
                "Together, the guest's saved items and this account's would pass the limit of \(error.limit.formatted()) "
                    + "per account, so nothing was moved and the guest was kept. Remove some items, then try again.")
        }
        for change in changes { publisher.publish(change, for: target) }
        if let last = changes.last { await compactIfDue(after: last, for: target, force: changes.count > 1) }
    }

    private func apply(
        list: SavedList, kind: SavedKind, id: String, for user: UserID,
        _ make: @escaping @Sendable (SavedItem?, Date) throws -> SavedItem
    ) async throws -> SavedItemUpsert {
        let date = now()
        let result: SavedItemUpsert
        do {
            result = try await store.upsert(list: list, kind: kind, id: id, for: user, at: date, limit: itemLimit) {
                try make($0, date)
            }
        } catch let error as SavedItemLimitReached {
            throw DomainError(
                .itemLimitReached,
                "One account can keep at most \(error.limit.formatted()) saved items, and yours has reached that. Remove some to save more."
            )
        }
        await committed(result.change, for: user)
        return result
    }

    private func committed(_ change: ItemChange, for user: UserID) async {
        publisher.publish(change, for: user)
        await compactIfDue(after: change, for: user, force: false)
    }

    /// Trims the log every so often (not on every write: it costs a transaction of its own).
    private func compactIfDue(after change: ItemChange, for user: UserID, force: Bool) async {
        let every = Int64(max(1, min(128, changeLogLength)))
        guard force || change.seq % every == 0, change.seq > Int64(changeLogLength) else { return }
        try? await store.compact(for: user, keeping: changeLogLength)
    }

    /// `edit` with the authority's snapshot in place of the client's, for the kinds it vouches for. A save looks the
    /// item up even when it exists and the edit carries no snapshot: it may not know the item is new.
    private func vouched(_ edit: ItemEdit, kind: SavedKind, id: String) async throws -> ItemEdit {
        guard let authority, let snapshot = try await authority.snapshot(kind: kind, id: id) else { return edit }
        var vouched = edit
        vouched.snapshot = snapshot
        return vouched
    }

    /// The item a save makes of `existing` (nil: a new one, which needs the edit's snapshot).
    private static func saving(
        _ edit: ItemEdit, over existing: SavedItem?, list: SavedList, kind: SavedKind, id: String, at date: Date
    ) throws -> SavedItem {
        guard let item = edit.applied(to: existing, list: list, kind: kind, id: id, at: date) else {
            throw DomainError(.badSnapshot, "snapshot is required to save a new item.")
        }
        return item
    }

    private static let notFound = DomainError(.itemNotFound, "You have no such saved item.")
}

/// `saveIfNew` found the item there already (thrown inside the transaction, so nothing is written).
private struct AlreadySaved: Error {}
