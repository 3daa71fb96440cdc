public import Foundation
public import MarqueeCore

/// What reading a person's change log since a sequence number gives.
public enum ChangeFeed: Sendable, Equatable {
    /// Exactly the changes after the given number, in order (possibly none).
    case changes([ItemChange], latest: Int64)
    /// The log no longer reaches back that far: send a snapshot of the lists instead, then continue after `latest`.
    case compacted(latest: Int64)
}

/// Where saved items and their per-person change log live. Each change and its log entry are written in one
/// transaction, so a change that was answered as saved is also in the log.
public protocol SavedItemStore: Sendable {
    /// Saves (inserts or replaces) an item, keeping its creation time if it existed; returns the logged change.
    func save(_ item: SavedItem, for user: UserID, at date: Date) async throws -> ItemChange
    /// Removes an item; nil when there was none (nothing is logged).
    func remove(list: SavedList, kind: SavedKind, id: String, for user: UserID, at date: Date) async throws -> ItemChange?
    /// Empties a list, or one kind of it; nil when there was nothing to remove.
    func clear(list: SavedList, kind: SavedKind?, for user: UserID, at date: Date) async throws -> ItemChange?
    /// One item.
    func item(list: SavedList, kind: SavedKind, id: String, for user: UserID) async throws -> SavedItem?
    /// Every item of a list, newest first.
    func items(list: SavedList, for user: UserID) async throws -> [SavedItem]
    /// The changes after `seq`, at most `limit`.
    func changes(for user: UserID, after seq: Int64, limit: Int) async throws -> ChangeFeed
    /// Drops log entries older than the newest `keep`.
    func compact(for user: UserID, keeping keep: Int) async throws
}
