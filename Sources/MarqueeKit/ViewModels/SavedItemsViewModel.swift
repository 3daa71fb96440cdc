import Foundation
public import MarqueeWire
public import Observation

/// The favourites or the watchlist, live: what the mirror holds, changing as this device or another edits it, with
/// sorting, a kind filter and a search within. Notes, watched dates and ratings are edited through the mirror, so an
/// edit shows at once (`WriteState.pending`) and reaches the server when it can.
@MainActor @Observable public final class SavedItemsViewModel {
    /// The orders the list can be shown in.
    public enum Sort: String, Sendable, CaseIterable {
        /// Most recently saved first.
        case added
        /// A to Z.
        case title
        /// Highest rated first; unrated last.
        case rating
        /// Most recently watched first; unwatched last.
        case watched
    }

    /// The list shown.
    public let list: SavedList
    /// The order shown.
    public var sort = Sort.added
    /// Only this kind, when set.
    public var kindFilter: SavedKind?
    /// Only items whose title or note holds this text (any case, any accents), when not empty.
    public var searchText = ""
    /// Why the last edit did not go through; the next one clears it.
    public private(set) var actionError: String?
    /// Writes to this list the server turned down after they showed (the item limit, say), or that waited more
    /// than a week to be sent, oldest first: each with the sentence to show. `dismissRefusals()` once shown.
    public private(set) var refusals: [Refusal] = []

    private var all: [MirroredItem]?
    private var started = false
    private let kinds: Set<SavedKind>?
    private let mirror: any MirrorAccess
    private let follower = MirrorFollower()

    /// Creates the model of `list` (only its items of `kinds`, when given: an experience's kinds).
    public convenience init(mirror: ItemMirror, list: SavedList, kinds: Set<SavedKind>? = nil) {
        self.init(access: mirror, list: list, kinds: kinds)
    }

    init(access: any MirrorAccess, list: SavedList, kinds: Set<SavedKind>?) {
        mirror = access
        self.list = list
        self.kinds = kinds
    }

    /// The items shown, sorted, filtered and searched; `empty` when the list has nothing at all (a filter or search
    /// that matches nothing gives `loaded([])`).
    public var state: LoadState<[MirroredItem]> {
        guard let all else { return started ? .loading : .idle }
        return all.isEmpty ? .empty : .loaded(shown(all))
    }

    /// The kinds the list holds, for a filter to offer.
    public var availableKinds: [SavedKind] {
        let present = Set((all ?? []).map(\.item.kind))
        return SavedKind.allCases.filter(present.contains)
    }

    /// How many items show an edit the server has not confirmed yet.
    public var pendingCount: Int { (all ?? []).filter { $0.state == .pending }.count }

    /// Reads the list and follows its changes.
    public func load() async {
        guard !started else { return }
        started = true
        await follower.start(mirror) { [weak self] in await self?.read() }
    }

    /// Reads the list again.
    public func refresh() async {
        started = true
        await read()
    }

    /// Sets the item's note; an empty one removes it.
    public func setNote(_ note: String, for item: MirroredItem) async {
        let text = note.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.unicodeScalars.count <= SavedItem.maxNoteLength else {
            actionError = "A note can be at most 2,000 characters."
            return
        }
        await edit(item, SavedItemEdit(note: text.isEmpty ? .clear : .set(text)))
    }

    /// Marks a watchlist title watched now, or not watched.
    public func setWatched(_ watched: Bool, for item: MirroredItem) async {
        await edit(item, SavedItemEdit(watched: watched))
    }

    /// Rates a watchlist title from 1 to 10, or removes its rating (nil).
    public func setRating(_ rating: Int?, for item: MirroredItem) async {
        if let rating, !(1...10).contains(rating) {
            actionError = "A rating is from 1 to 10."
            return
        }
        await edit(item, SavedItemEdit(rating: rating.map { .set($0) } ?? .clear))
    }

    /// Takes the item off the list.
    public func remove(_ item: MirroredItem) async {
        actionError = nil
        do {
            try await mirror.remove(list: item.item.list, kind: item.item.kind, id: item.item.id)
        } catch {
            actionError = LoadFailure(error)?.message
        }
    }

    /// Forgets the refusals shown, and their items' marks; others (another list's, or one that came since) stay.
    public func dismissRefusals() async {
        let shown = Set(refusals.map(\.ticket))
        refusals = []
        await mirror.clearRefusals(shown)
    }

    private func edit(_ item: MirroredItem, _ edit: SavedItemEdit) async {
        actionError = nil
        do {
            try await mirror.save(list: item.item.list, kind: item.item.kind, id: item.item.id, edit)
        } catch {
            actionError = LoadFailure(error)?.message
        }
    }

    private func read() async {
        let items = await mirror.items(in: list, kinds: kinds)
        // Empty before the first sync is not yet known: the screen says it is loading, not that nothing is saved.
        let synced = await mirror.isSynced
        all = items.isEmpty && !synced ? nil : items
        refusals = await mirror.refusals().filter { $0.list == list }
    }

    private func shown(_ items: [MirroredItem]) -> [MirroredItem] {
        let text = searchText.trimmingCharacters(in: .whitespacesAndNewlines)
        let matching = items.filter { entry in
            if let kindFilter, entry.item.kind != kindFilter { return false }
            guard !text.isEmpty else { return true }
            return [entry.item.snapshot.title, entry.item.note ?? ""].contains {
                $0.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            }
        }
        return matching.sorted(by: sort.inOrder)
    }
}

extension SavedItemsViewModel.Sort {
    /// Whether `first` comes before `second`; ties go by title, then by id, so the order never jumps.
    func inOrder(_ first: MirroredItem, _ second: MirroredItem) -> Bool {
        let (a, b) = (first.item, second.item)
        switch self {
        case .added where a.createdAt != b.createdAt:
            return a.createdAt > b.createdAt
        case .rating where a.rating != b.rating:
            return (a.rating ?? 0) > (b.rating ?? 0)
        case .watched where a.watchedAt != b.watchedAt:
            return (a.watchedAt ?? .distantPast) > (b.watchedAt ?? .distantPast)
        default:
            let titles = a.snapshot.title.localizedStandardCompare(b.snapshot.title)
            return titles == .orderedSame ? first.id < second.id : titles == .orderedAscending
        }
    }
}
