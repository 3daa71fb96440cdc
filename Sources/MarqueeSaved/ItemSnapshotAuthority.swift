package import MarqueeWire

/// Writes the snapshot of the kinds whose facts the server holds itself (a city's name and place, from its city
/// index), so that a client cannot save made-up facts under a real id.
package protocol ItemSnapshotAuthority: Sendable {
    /// The snapshot of the item (`kind`, `id`) as the server's source has it, or nil for a kind it does not vouch
    /// for (the client's snapshot is kept). Throws a `DomainError` when the id names nothing.
    func snapshot(kind: SavedKind, id: String) async throws -> ItemSnapshot?
}
