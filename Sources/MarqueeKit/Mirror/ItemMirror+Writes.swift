import Foundation
public import MarqueeWire

/// Writes: applied at once, sent in order, confirmed later.
extension ItemMirror {
    /// Saves an item, or changes it where it is saved, as `MarqueeClient.save` does: applied to the mirror at once
    /// and sent when the server can be reached. Returns once accepted locally. Throws `MarqueeError.server` with the
    /// server's code (`items.bad_note`, …) for an edit the server would refuse for what it says, and
    /// `MarqueeError.signedOut` when no one is signed in (or the mirror was not started).
    @discardableResult
    public func save(list: SavedList, kind: SavedKind, id: String, _ edit: SavedItemEdit) async throws -> WriteTicket {
        guard userID != nil else { throw MarqueeError.signedOut }
        let key = ItemKey(list, kind, id)
        try check(edit, for: key)
        return await enqueue(.save(key, edit, at: now()))
    }

    /// Removes an item from its list: gone from the mirror at once, removed on the server when it can be reached.
    /// Returns once accepted locally.
    @discardableResult
    public func remove(list: SavedList, kind: SavedKind, id: String) async throws -> WriteTicket {
        guard userID != nil else { throw MarqueeError.signedOut }
        try Self.checkID(id)
        return await enqueue(.remove(ItemKey(list, kind, id), at: now()))
    }

    /// Empties a list, or only `kinds` of it (all of it when nil). Returns once accepted locally.
    @discardableResult
    public func clear(list: SavedList, kinds: [SavedKind]?) async throws -> WriteTicket {
        guard userID != nil else { throw MarqueeError.signedOut }
        let kinds = kinds.map { Array(Set($0)).sorted { $0.rawValue < $1.rawValue } }
        if kinds?.isEmpty == true {
            throw Self.refusal("items.unknown_kind", "Name at least one kind to clear, or none to clear the list.")
        }
        return await enqueue(.clear(list, kinds: kinds, at: now()))
    }

    /// The heart of a screen: removes the item from the favourites when it is there, saves it (with `snapshot`)
    /// when it is not. Returns whether it is a favourite now.
    public func toggleFavorite(kind: SavedKind, id: String, snapshot: ItemSnapshot) async throws -> Bool {
        if isSaved(list: .favorites, kind: kind, id: id) {
            try await remove(list: .favorites, kind: kind, id: id)
            return false
        }
        try await save(list: .favorites, kind: kind, id: id, SavedItemEdit(snapshot: snapshot))
        return true
    }

    /// Waits until the server has answered the write, and returns the change it made: nil when it changed nothing
    /// (a clear of an empty list, a removal of an item already gone, or one that gave way to a newer change made
    /// elsewhere). Throws the server's refusal (`MarqueeError.server`), `MarqueeError.offline` for a write that
    /// waited too long and was dropped, `.signedOut` for one discarded when another person signed in, and
    /// `.cancelled` when this task is cancelled, the mirror stops, or the ticket is unknown (settled long ago, or
    /// before a restart).
    public func confirmation(of ticket: WriteTicket) async throws -> ItemChange? {
        if let result = settled[ticket] { return try result.get() }
        guard layers.queue.contains(where: { $0.ticket == ticket }) else { throw MarqueeError.cancelled }
        let id = UUID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ItemChange?, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: MarqueeError.cancelled)
                } else {
                    waiters[ticket, default: [:]][id] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id, of: ticket) }
        }
    }

    /// The writes dropped since the mirror started (or since `clearRefusals()`), oldest first: show them.
    public func refusals() -> [Refusal] {
        refusalList
    }

    /// Forgets the refusals, and the `.refused` marks of their items: the app has shown them.
    public func clearRefusals() {
        guard !refusalList.isEmpty || !layers.refused.isEmpty else { return }
        refusalList = []
        layers.refused = [:]
        changed()
    }

    /// Forgets the refusals of `tickets` (those the app has shown; others stay), and the `.refused` marks of their
    /// items unless a refusal kept refers to the item too.
    public func clearRefusals(_ tickets: Set<WriteTicket>) {
        let dropped = refusalList.filter { tickets.contains($0.ticket) }
        guard !dropped.isEmpty else { return }
        refusalList.removeAll { tickets.contains($0.ticket) }
        let kept = Set(refusalList.compactMap { $0.item.map(ItemKey.init) })
        for key in dropped.compactMap({ $0.item.map(ItemKey.init) }) where !kept.contains(key) {
            layers.refused[key] = nil
        }
        changed()
    }

    private func cancelWaiter(_ id: UUID, of ticket: WriteTicket) {
        waiters[ticket]?.removeValue(forKey: id)?.resume(throwing: MarqueeError.cancelled)
        if waiters[ticket]?.isEmpty == true { waiters[ticket] = nil }
    }

    /// Queues `write`, shows it, and returns once the store holds it.
    private func enqueue(_ write: QueuedWrite) async -> WriteTicket {
        layers.queue.append(write)
        for key in layers.refused.keys where write.touches(key) { layers.refused[key] = nil }
        changed()
        kickSender()
        await flush()
        return write.ticket
    }

    /// Refuses here what the server would refuse for what the edit says, with the server's codes.
    private func check(_ edit: SavedItemEdit, for key: ItemKey) throws {
        try Self.checkID(key.id)
        if case .set(let note) = edit.note, note.unicodeScalars.count > SavedItem.maxNoteLength {
            throw Self.refusal(
                "items.bad_note", "A note can be at most \(SavedItem.maxNoteLength.formatted()) characters long.")
        }
        if case .set(let rating) = edit.rating, !(1...10).contains(rating) {
            throw Self.refusal("items.bad_rating", "A rating is a whole number from 1 to 10.")
        }
        var setsWatchFields = edit.watched == true
        if case .set = edit.watchedAt { setsWatchFields = true }
        if case .set = edit.rating { setsWatchFields = true }
        if setsWatchFields, key.list != .watchlist || (key.kind != .movie && key.kind != .tv) {
            throw Self.refusal(
                "items.not_watchable", "Watched dates and ratings are for movies and shows on the watchlist.")
        }
        if let snapshot = edit.snapshot, snapshot.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw Self.refusal("items.bad_snapshot", "snapshot.title is required.")
        }
        // Only a mirror filled from the server knows that an item it lacks is new.
        if edit.snapshot == nil, key.kind != .city, isSynced, shown[key] == nil {
            throw Self.refusal("items.bad_snapshot", "snapshot is required to save a new item.")
        }
    }

    private static func checkID(_ id: String) throws {
        guard !id.isEmpty, id.utf8.count <= 64 else {
            throw refusal("items.bad_id", "An item id is 1 to 64 characters long.")
        }
    }

    /// A refusal made here, in the server's form.
    private static func refusal(_ code: String, _ message: String) -> MarqueeError {
        .server(code: code, message: message, status: 400, requestID: nil, retryAfter: nil)
    }
}
