import Foundation
import MarqueeWire

@testable import MarqueeKit

/// A mirror held in memory: writes apply at once, as pending, and tick `updates()`; every write is recorded.
actor FakeMirror: MirrorAccess {
    /// Whether the first sync is done (for a screen opened before it).
    var isSynced = true

    func setSynced(_ synced: Bool) {
        isSynced = synced
        tell()
    }
    /// A write, as the view model asked for it.
    enum Write: Sendable, Equatable {
        case save(SavedList, SavedKind, String, SavedItemEdit)
        case remove(SavedList, SavedKind, String)
        case clear(SavedList, [SavedKind]?)
        case toggle(SavedKind, String, ItemSnapshot)
    }

    private var items: [MirroredItem]
    private(set) var writes: [Write] = []
    private var refused: [Refusal] = []
    private var listeners: [AsyncStream<Void>.Continuation] = []
    /// When set, every write fails with it.
    private var failure: MarqueeError?

    init(_ items: [SavedItem] = []) {
        self.items = items.map { MirroredItem(item: $0, state: .confirmed) }
    }

    func failWrites(with error: MarqueeError) {
        failure = error
    }

    /// Puts `item` in, as another device's change arriving.
    func arrive(_ item: SavedItem) {
        items.removeAll { $0.item.list == item.list && $0.item.kind == item.kind && $0.item.id == item.id }
        items.append(MirroredItem(item: item, state: .confirmed))
        tell()
    }

    func items(in list: SavedList, kinds: Set<SavedKind>?) -> [MirroredItem] {
        items.filter { $0.item.list == list && (kinds?.contains($0.item.kind) ?? true) }
    }

    func updates() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        listeners.append(continuation)
        return stream
    }

    func save(list: SavedList, kind: SavedKind, id: String, _ edit: SavedItemEdit) throws -> WriteTicket {
        writes.append(.save(list, kind, id, edit))
        if let failure { throw failure }
        var item =
            items.first { $0.item.list == list && $0.item.kind == kind && $0.item.id == id }?.item
            ?? SavedItem(
                list: list, kind: kind, id: id, snapshot: edit.snapshot ?? ItemSnapshot(title: id),
                createdAt: ViewModelFixtures.now)
        if case .set(let note) = edit.note { item.note = note }
        if case .clear = edit.note { item.note = nil }
        if case .set(let rating) = edit.rating { item.rating = rating }
        if case .clear = edit.rating { item.rating = nil }
        if let watched = edit.watched { item.watchedAt = watched ? ViewModelFixtures.now : nil }
        put(item)
        return WriteTicket()
    }

    func remove(list: SavedList, kind: SavedKind, id: String) throws -> WriteTicket {
        writes.append(.remove(list, kind, id))
        if let failure { throw failure }
        items.removeAll { $0.item.list == list && $0.item.kind == kind && $0.item.id == id }
        tell()
        return WriteTicket()
    }

    func clear(list: SavedList, kinds: [SavedKind]?) throws -> WriteTicket {
        writes.append(.clear(list, kinds))
        if let failure { throw failure }
        items.removeAll { $0.item.list == list && (kinds?.contains($0.item.kind) ?? true) }
        tell()
        return WriteTicket()
    }

    func toggleFavorite(kind: SavedKind, id: String, snapshot: ItemSnapshot) throws -> Bool {
        writes.append(.toggle(kind, id, snapshot))
        if let failure { throw failure }
        if items.contains(where: { $0.item.list == .favorites && $0.item.kind == kind && $0.item.id == id }) {
            items.removeAll { $0.item.list == .favorites && $0.item.kind == kind && $0.item.id == id }
            tell()
            return false
        }
        put(
            SavedItem(list: .favorites, kind: kind, id: id, snapshot: snapshot, createdAt: ViewModelFixtures.now))
        return true
    }

    /// Turns down the last write to `item`, as the server does when it refuses a write that showed already.
    func refuse(_ item: SavedItem, code: String, message: String) {
        items.removeAll { $0.item.list == item.list && $0.item.kind == item.kind && $0.item.id == item.id }
        refused.append(
            Refusal(
                ticket: WriteTicket(), code: code, message: message, action: .save, list: item.list, item: item,
                madeAt: ViewModelFixtures.now))
        tell()
    }

    func refusals() -> [Refusal] { refused }

    func clearRefusals(_ tickets: Set<WriteTicket>) {
        refused.removeAll { tickets.contains($0.ticket) }
        tell()
    }

    private func put(_ item: SavedItem) {
        items.removeAll { $0.item.list == item.list && $0.item.kind == item.kind && $0.item.id == item.id }
        items.append(MirroredItem(item: item, state: .pending))
        tell()
    }

    private func tell() {
        for listener in listeners { listener.yield() }
    }
}
