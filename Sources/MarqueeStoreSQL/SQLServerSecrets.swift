import MarqueeStore
import SQLKit

/// Secrets every instance sharing a database must agree on (the access-token signing key), kept in the database.
package struct SQLServerSecrets: Sendable {
    private let database: any Database

    /// Creates the store over `database` (migrated).
    package init(database: any Database) {
        self.database = database
    }

    /// The secret called `name`; the first caller's `make()` becomes it, and every later caller (on any instance)
    /// reads that same value.
    package func secret(named name: String, orMake make: @escaping @Sendable () -> String) async throws -> String {
        try await database.write { [database] db in
            try await database.lock(.secret(name), in: db)
            if let existing = try await db.select().column("value").from("server_secrets").where("name", .equal, name)
                .first(decodingColumn: "value", as: String.self)
            {
                return existing
            }
            let value = make()
            try await db.insert(into: "server_secrets").columns("name", "value").values(SQLBind(name), SQLBind(value))
                .run()
            return value
        }
    }
}
