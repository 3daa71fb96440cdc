import MarqueeWire
import Observation

/// Which items of one list are saved, as the mirror has it, kept up to date while the mirror changes: what a
/// screen's hearts (or watchlist buttons) show. Without a mirror nothing is saved, and nothing can be.
@MainActor @Observable final class SavedMarks {
    /// An item of the list, by kind and id.
    struct Key: Hashable, Sendable {
        var kind: SavedKind
        var id: String
    }

    private(set) var saved: Set<Key> = []
    let list: SavedList
    private let mirror: (any MirrorAccess)?
    private let kinds: Set<SavedKind>
    private let follower = MirrorFollower()
    /// Counts reads and writes: a read begun before another, or before a toggle, is dropped.
    @ObservationIgnored private var version = 0

    init(mirror: (any MirrorAccess)?, list: SavedList, kinds: Set<SavedKind>) {
        self.mirror = mirror
        self.list = list
        self.kinds = kinds
    }

    /// Whether there is a mirror to save to.
    var isAvailable: Bool { mirror != nil }

    func contains(_ kind: SavedKind, _ id: String) -> Bool {
        saved.contains(Key(kind: kind, id: id))
    }

    /// Reads the mirror now, then follows its changes until this goes away.
    func follow() async {
        guard let mirror else { return await read() }
        await follower.start(mirror) { [weak self] in await self?.read() }
    }

    /// The message of a toggle that failed; nil when it went through.
    func toggled(_ kind: SavedKind, _ id: String, snapshot: ItemSnapshot) async -> String? {
        do {
            try await toggle(kind, id, snapshot: snapshot)
            return nil
        } catch {
            return LoadFailure(error)?.message
        }
    }

    /// Saves the item (`snapshot` is what the list shows of it), or takes it off the list.
    func toggle(_ kind: SavedKind, _ id: String, snapshot: ItemSnapshot) async throws {
        guard let mirror else { return }
        let key = Key(kind: kind, id: id)
        let isSaved: Bool
        switch list {
        case .favorites:
            isSaved = try await mirror.toggleFavorite(kind: kind, id: id, snapshot: snapshot)
        case .watchlist:
            isSaved = !saved.contains(key)
            if isSaved {
                try await mirror.save(list: list, kind: kind, id: id, SavedItemEdit(snapshot: snapshot))
            } else {
                try await mirror.remove(list: list, kind: kind, id: id)
            }
        }
        version += 1
        if isSaved { saved.insert(key) } else { saved.remove(key) }
    }

    private func read() async {
        guard let mirror else { return }
        version += 1
        let version = version
        let items = await mirror.items(in: list, kinds: kinds)
        guard version == self.version else { return }
        saved = Set(items.map { Key(kind: $0.item.kind, id: $0.item.id) })
    }
}
