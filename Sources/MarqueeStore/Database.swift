public import SQLKit

/// A SQL database Marquee keeps its data in (SQLite now, PostgreSQL later), behind one query layer (SQLKit).
///
/// Reads may run concurrently; writes run inside `write`, one transaction at a time, so a multi-statement change
/// is atomic and never interleaves with another.
public protocol Database: Sendable {
    /// For reads (and nothing else: a write outside `write` could join another caller's transaction).
    var reader: any SQLDatabase { get }
    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    /// Whether the database answers a trivial query.
    func isHealthy() async -> Bool
}
