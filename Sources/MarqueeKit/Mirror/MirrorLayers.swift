import Foundation
import MarqueeWire

/// What an `ItemMirror` knows, in three layers: the items as the live feed last told them, the server's answers to
/// this device's writes that the feed has not brought yet, and the writes not answered, applied as they will land.
struct MirrorLayers: Sendable {
    /// The items as of change `appliedSeq` of the account's log.
    var confirmed: [ItemKey: SavedItem] = [:]
    /// The latest change `confirmed` reflects; nil before the first snapshot, when nothing can be resumed from.
    var appliedSeq: Int64?
    /// Changes this device's writes made, later than `appliedSeq`, in sequence order.
    var acked: [ItemChange] = []
    /// Writes not answered yet, oldest first.
    var queue: [QueuedWrite] = []
    /// Items whose latest write the server refused, and its reason.
    var refused: [ItemKey: String] = [:]

    init() {}

    /// The layers of what a store kept: the items it saved as confirmed, its queue waiting.
    init(_ contents: MirrorContents) {
        confirmed = Dictionary(contents.items.map { (ItemKey($0), $0) }, uniquingKeysWith: { _, last in last })
        appliedSeq = contents.resumePoint.flatMap { Int64($0) }
        queue = contents.queue
    }

    /// The items as the server has them, as far as this device knows: `confirmed` with `acked` applied.
    var serverItems: [ItemKey: SavedItem] {
        var items = confirmed
        for change in acked { items.apply(change) }
        return items
    }

    /// What the app sees: the server's items with every waiting write applied, each marked with its state.
    func shown() -> [ItemKey: MirroredItem] {
        var items = serverItems
        var pending = Set<ItemKey>()
        for write in queue { items.predict(write, pending: &pending) }
        var shown: [ItemKey: MirroredItem] = [:]
        shown.reserveCapacity(items.count)
        for (key, item) in items {
            let state: WriteState =
                pending.contains(key) ? .pending : refused[key].map { .refused(reason: $0) } ?? .confirmed
            shown[key] = MirroredItem(item: item, state: state)
        }
        return shown
    }

    /// What the mirror keeps for `user`.
    func contents(for user: String) -> MirrorContents {
        // In no particular order: sorting them was most of an idle device's work per change (bench/kit, at a hundred
        // items), and the order is lost on loading anyway.
        let items = Array(serverItems.values)
        return MirrorContents(userID: user, items: items, resumePoint: appliedSeq.map(String.init), queue: queue)
    }
}

extension Dictionary where Key == ItemKey, Value == SavedItem {
    /// Makes the change the server logged.
    mutating func apply(_ change: ItemChange) {
        switch change.op {
        case .upsert:
            guard let item = change.item else { return }
            self[ItemKey(item)] = item
        case .delete:
            guard let kind = change.kind, let id = change.id else { return }
            self[ItemKey(change.list, kind, id)] = nil
        case .clear:
            // Servers before `media_types` named the one kind cleared in `media_type`.
            let kinds = change.kinds ?? change.kind.map { [$0] }
            clear(change.list, kinds: kinds)
        }
    }

    /// Makes the change `write` will make once it lands, and adds the items it touches to `pending`.
    mutating func predict(_ write: QueuedWrite, pending: inout Set<ItemKey>) {
        switch write.action {
        case .save:
            guard let key = write.key, let edit = write.edit else { return }
            pending.insert(key)
            self[key] = Self.saving(edit, over: self[key], key: key, at: write.madeAt)
        case .remove:
            guard let key = write.key else { return }
            pending.insert(key)
            self[key] = nil
        case .clear:
            clear(write.list, kinds: write.kinds)
        }
    }

    private mutating func clear(_ list: SavedList, kinds: [SavedKind]?) {
        self = filter { key, _ in key.list != list || !(kinds?.contains(key.kind) ?? true) }
    }

    /// The item a save makes, as the server makes it: fields the edit sets are set, the others kept. Nil for a new
    /// item without a snapshot, except a city: the server writes a city's, and until it does the city shows its id.
    static func saving(_ edit: SavedItemEdit, over existing: SavedItem?, key: ItemKey, at date: Date) -> SavedItem? {
        let placeholder = key.kind == .city ? ItemSnapshot(title: key.id) : nil
        guard let snapshot = edit.snapshot ?? existing?.snapshot ?? placeholder else { return nil }
        var item =
            existing ?? SavedItem(list: key.list, kind: key.kind, id: key.id, snapshot: snapshot, createdAt: date)
        item.snapshot = snapshot
        item.note = edit.note.applied(to: item.note)
        switch (edit.watchedAt, edit.watched) {
        case (.keep, true?): item.watchedAt = date
        case (.keep, false?): item.watchedAt = nil
        default: item.watchedAt = edit.watchedAt.applied(to: item.watchedAt)
        }
        item.rating = edit.rating.applied(to: item.rating)
        item.updatedAt = date
        return item
    }
}

extension FieldChange {
    /// The field's value after the change, from `current`.
    func applied(to current: Value?) -> Value? {
        switch self {
        case .keep: current
        case .clear: nil
        case .set(let value): value
        }
    }
}
