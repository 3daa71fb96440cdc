package import Foundation
import MarqueeCore
import MarqueeStore
import SQLKit

/// An `AttemptLimiter` whose counts live in the database (`attempt_log`), so every instance sharing it enforces one
/// limit: a client cannot multiply its attempts by the number of instances behind the load balancer.
package struct SQLAttemptLimiter: AttemptLimiter {
    private let database: any Database
    private let limit: Int
    private let window: TimeInterval
    private let now: @Sendable () -> Date

    /// Allows `limit` attempts per key per `window` seconds; a limit of 0 turns it off.
    package init(
        database: any Database, limit: Int = 10, window: TimeInterval = 60,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.database = database
        self.limit = limit
        self.window = window
        self.now = now
    }

    package func attempt(_ keys: [String], allowance: Int) async throws {
        guard limit > 0, !keys.isEmpty else { return }
        let current = Milliseconds.from(now())
        let windowStart = current - Int64(window * 1000)
        let (limit, window) = (limit * max(1, allowance), window)
        let wait: Int64 = try await database.write { [database] db in
            try await database.lock(Set(keys.map(LockKey.attempts)), in: db)
            let rows = try await db.select().column("attempt_key").column(
                SQLFunction("COUNT", args: SQLLiteral.all), as: "n"
            )
            .column(SQLFunction("MIN", args: SQLColumn("at")), as: "oldest").from("attempt_log")
            .where("attempt_key", .in, keys).where("at", .greaterThan, windowStart).groupBy("attempt_key").all()
            var wait: Int64 = 0
            for row in rows where try row.decode(column: "n", as: Int.self) >= limit {
                let oldest = try row.decode(column: "oldest", as: Int64.self)
                wait = max(wait, oldest + Int64(window * 1000) - current)
            }
            guard wait <= 0 else { return wait }
            for key in keys {
                try await db.insert(into: "attempt_log").columns("attempt_key", "nonce", "at")
                    .values(SQLBind(key), SQLBind(UUID().uuidString), SQLBind(current)).run()
            }
            // Now and then, forget what left every window.
            if Int.random(in: 0..<64) == 0 {
                try await db.delete(from: "attempt_log").where("at", .lessThanOrEqual, windowStart).run()
            }
            return 0
        }
        if wait > 0 { throw DomainError.tooManyAttempts(retryAfter: max(1, Int((Double(wait) / 1000).rounded(.up)))) }
    }

    package func refund(_ keys: [String]) async {
        guard limit > 0 else { return }
        _ = try? await database.write { db in
            for key in keys {
                try await db.raw(
                    """
                    DELETE FROM attempt_log WHERE attempt_key = \(bind: key) AND nonce =
                        (SELECT nonce FROM attempt_log WHERE attempt_key = \(bind: key) ORDER BY at DESC LIMIT 1)
                    """
                ).run()
            }
        }
    }
}
