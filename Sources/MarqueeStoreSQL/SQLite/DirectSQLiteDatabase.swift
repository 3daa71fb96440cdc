import Logging
import MarqueeStore
import NIOCore
import SQLKit
import SQLiteKit
import SQLiteNIO
import Synchronization

/// SQLKit's view of a set of `SQLiteHandle`s: statements are serialised with SQLiteKit's dialect and run in
/// place on one of the handles.
struct DirectSQLiteDatabase: SQLDatabase {
    let handles: SQLiteHandles
    let logger: Logger
    let eventLoop: any EventLoop

    var dialect: any SQLDialect { SQLiteDialect() }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<
        Void
    > {
        do {
            try run(query, onRow)
            return eventLoop.makeSucceededVoidFuture()
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try run(query, onRow)
    }

    private func run(_ query: any SQLExpression, _ onRow: @Sendable (any SQLRow) -> Void) throws {
        let (sql, binds) = serialize(query)
        let encoder = SQLiteDataEncoder()
        let values = try binds.map { try encoder.encode($0) }
        logger.trace("SQL", metadata: ["sql": "\(sql)"])
        do {
            try handles.use { handle in try handle.run(sql, values) { onRow($0) } }
        } catch let failure as SQLiteFailure {
            guard let unavailable = failure.unavailable else { throw failure }
            // The person gets the friendly error; the operator needs SQLite's own words.
            logger.error("SQLite cannot be used", metadata: ["error": "\(failure)"])
            throw unavailable
        }
    }
}

/// Where `DirectSQLiteDatabase` gets a handle: the one writer, or a free reader from a small pool.
final class SQLiteHandles: Sendable {
    private let pool: [SQLiteHandle]
    private let next = Atomic<Int>(0)

    init(_ pool: [SQLiteHandle]) {
        precondition(!pool.isEmpty)
        self.pool = pool
    }

    func use<T>(_ body: (SQLiteHandle) throws -> T) throws -> T {
        let start = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return try body(pool[(start % pool.count + pool.count) % pool.count])
    }

    func closeAll() {
        for handle in pool { handle.close() }
    }
}
