package import Foundation
import MarqueeStore
import SQLKit

/// `UpstreamCoordination` in the shared database: claims in `upstream_claims`, per-second request counts in
/// `upstream_rate` (a fixed window per second, counted by every instance together).
package struct SQLUpstreamCoordination: UpstreamCoordination {
    package var isShared: Bool { true }

    private let database: any Database
    private let holder = UUID().uuidString

    /// Creates the coordination over `database` (migrated); each value is one claimant.
    package init(database: any Database) {
        self.database = database
    }

    package func claim(_ key: String, for lease: TimeInterval, at date: Date) async throws -> Bool {
        let now = Milliseconds.from(date)
        let expires = Milliseconds.from(date.addingTimeInterval(lease))
        return try await database.write { [holder] db in
            // Inserted, or taken over from an expired claim: a row comes back. A live claim stays, and none does.
            try await db.raw(
                """
                INSERT INTO upstream_claims (cache_key, holder, expires_at) VALUES (\(bind: key), \(bind: holder), \(bind: expires))
                ON CONFLICT (cache_key) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
                WHERE upstream_claims.expires_at < \(bind: now)
                RETURNING holder
                """
            ).first() != nil
        }
    }

    package func release(_ key: String) async throws {
        try await database.write { [holder] db in
            try await db.delete(from: "upstream_claims").where("cache_key", .equal, key).where("holder", .equal, holder)
                .run()
        }
    }

    package func takeSlot(upstream: String, perSecond: Int, at date: Date) async throws -> Bool {
        let second = Int64(date.timeIntervalSince1970.rounded(.down))
        return try await database.write { db in
            let used =
                try await db.raw(
                    """
                    INSERT INTO upstream_rate (upstream, second, used) VALUES (\(bind: upstream), \(bind: second), 1)
                    ON CONFLICT (upstream, second) DO UPDATE SET used = upstream_rate.used + 1
                    RETURNING used
                    """
                ).first()?.decode(column: "used", as: Int64.self) ?? 1
            // The first request of a second clears out the old windows.
            if used == 1 {
                try await db.delete(from: "upstream_rate").where("upstream", .equal, upstream)
                    .where("second", .lessThan, second - 60).run()
            }
            return used <= Int64(perSecond)
        }
    }
}
