import MarqueeStore
package import SQLKit

/// A SQL database Marquee keeps its data in (a SQLite file, or a PostgreSQL server that several instances share),
/// behind one query layer (SQLKit).
///
/// Reads may run concurrently; writes run inside `write`, in a transaction, so a multi-statement change is atomic.
package protocol Database: Sendable {
    /// For reads (and nothing else: a write outside `write` could join another caller's transaction).
    var reader: any SQLDatabase { get }
    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    /// Holds exclusive locks on `keys` until the transaction `db` (from `write`) ends, so transactions on other
    /// connections or instances that change the same thing run one after the other instead of racing. The keys
    /// are taken in one fixed order, so two transactions locking the same keys cannot deadlock.
    func lock(_ keys: Set<LockKey>, in db: any SQLDatabase) async throws
    /// Messages between the instances sharing this database; nil when only one process uses it (SQLite).
    var bus: (any InstanceBus)? { get }
    /// Returns once every commit that a read made before this call could have seen is on disk. Reads that hand out
    /// change sequence numbers call it: a number seen before its commit was on disk could, after a power cut, be
    /// given to another change, which a client holding that number would then never ask for.
    func settle() async throws
    /// Whether the database answers a trivial query.
    func isHealthy() async -> Bool
    /// Closes every connection (closing twice is harmless).
    func close() async
}

extension Database {
    /// Whether other instances may use this database at the same time (then what one instance would keep to itself,
    /// such as secrets, attempt counts or upstream turns, belongs in the database).
    package var isShared: Bool { bus != nil }

    /// Commits are on disk before anyone can see them.
    package func settle() async throws {}

    /// Locks one key (see `lock(_:in:)`).
    package func lock(_ key: LockKey, in db: any SQLDatabase) async throws {
        try await lock([key], in: db)
    }
}

/// Messages between the `marquee serve` instances that share one database, so what one instance learns (a
/// change saved, a session ended) reaches the people connected to the others.
package protocol InstanceBus: Sendable {
    /// Sends `message` to every other instance when the transaction `db` (from `write`) commits; never if it rolls
    /// back.
    func send(_ message: String, in db: any SQLDatabase) async throws
    /// Messages from other instances, as they arrive, until shutdown.
    func messages() -> AsyncStream<InstanceBusEvent>
}

/// What an `InstanceBus` delivers.
package enum InstanceBusEvent: Sendable, Equatable {
    /// A message another instance sent.
    case message(String)
    /// Listening resumed after a gap in which messages may have been lost: catch up from the database.
    case resumed
}
