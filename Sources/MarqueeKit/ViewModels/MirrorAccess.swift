import MarqueeWire

/// What the view models ask of the saved items' mirror. `ItemMirror` is the one an app has; tests give a fake.
protocol MirrorAccess: Sendable {
    /// The items of `list` (of `kinds` only, when given), as the mirror has them now.
    func items(in list: SavedList, kinds: Set<SavedKind>?) async -> [MirroredItem]
    /// Whether the mirror was filled from the server yet: until then an empty list is "not known yet", not
    /// "nothing saved".
    var isSynced: Bool { get async }
    /// A tick each time what the mirror holds changes.
    func updates() async -> AsyncStream<Void>
    /// Saves an item, or changes it where it is saved already.
    @discardableResult
    func save(list: SavedList, kind: SavedKind, id: String, _ edit: SavedItemEdit) async throws -> WriteTicket
    /// Removes an item from a list.
    @discardableResult
    func remove(list: SavedList, kind: SavedKind, id: String) async throws -> WriteTicket
    /// Empties a list, or only its items of `kinds`.
    @discardableResult
    func clear(list: SavedList, kinds: [SavedKind]?) async throws -> WriteTicket
    /// Adds the item to the favourites, or takes it out; true when it is a favourite now.
    func toggleFavorite(kind: SavedKind, id: String, snapshot: ItemSnapshot) async throws -> Bool
    /// The writes the server turned down (or that waited too long), not shown yet.
    func refusals() async -> [Refusal]
    /// Forgets the refusals of `tickets`: they were shown.
    func clearRefusals(_ tickets: Set<WriteTicket>) async
}

extension ItemMirror: MirrorAccess {}
