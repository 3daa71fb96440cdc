package import Foundation
package import MarqueeCore
package import MarqueeStore
import SQLKit

/// A `SessionStore` in the `sessions` and `refresh_tokens` tables.
package struct SQLSessionStore: SessionStore {
    private let database: any Database

    /// Creates a store over `database` (migrated).
    package init(database: any Database) {
        self.database = database
    }

    // Named as the table or the wire names them.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct Row: Codable {
        var id: String
        var user_id: String
        var created_at: Int64
        var last_used_at: Int64
        var expires_at: Int64
        var revoked_at: Int64?
        var client: String?
        var secret_hash: String?

        init(_ session: SessionRecord, secretHash: String? = nil) {
            id = session.id
            user_id = session.userID.rawValue
            created_at = Milliseconds.from(session.createdAt)
            last_used_at = Milliseconds.from(session.lastUsedAt)
            expires_at = Milliseconds.from(session.expiresAt)
            revoked_at = session.revokedAt.map(Milliseconds.from)
            client = session.client
            secret_hash = secretHash
        }

        var record: SessionRecord? {
            guard let userID = UserID(user_id) else { return nil }
            return SessionRecord(
                id: id, userID: userID, createdAt: Milliseconds.date(created_at),
                lastUsedAt: Milliseconds.date(last_used_at), expiresAt: Milliseconds.date(expires_at),
                revokedAt: revoked_at.map(Milliseconds.date), client: client)
        }
    }

    // Named as the table or the wire names them.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct TokenRow: Codable {
        var token_hash: String
        var session_id: String
        var issued_at: Int64
        var used_at: Int64?
    }

    package func create(_ session: SessionRecord, tokenHash: String, requiring precondition: SessionPrecondition)
        async throws
    {
        let row = Row(session)
        let token = TokenRow(token_hash: tokenHash, session_id: session.id, issued_at: row.created_at, used_at: nil)
        try await database.write { [database] db in
            try await Self.startAccountSession(row, precondition, database: database, db)
            try await db.insert(into: "sessions").model(row).run()
            try await db.insert(into: "refresh_tokens").model(token).run()
        }
    }

    package func create(_ session: SessionRecord, secretHash: String, requiring precondition: SessionPrecondition)
        async throws
    {
        let row = Row(session, secretHash: secretHash)
        try await database.write { [database] db in
            try await Self.startAccountSession(row, precondition, database: database, db)
            try await db.insert(into: "sessions").model(row).run()
        }
    }

    // Named as the table or the wire names them.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct AccountState: Decodable {
        var password_hash: String?
        var disabled_at: Int64?
        var session_generation: Int64
    }

    /// Checks `precondition` against the account as it is now, under the lock every change to the account takes,
    /// and marks the account active.
    private static func startAccountSession(
        _ row: Row, _ precondition: SessionPrecondition, database: any Database, _ db: any SQLDatabase
    ) async throws {
        try await database.lock(.user(row.user_id), in: db)
        let account = try await db.select().columns("password_hash", "disabled_at", "session_generation").from("users")
            .where("id", .equal, row.user_id).first(decoding: AccountState.self)
        guard let account else { throw DomainError.signInOvertaken }
        // The most telling reason first: disabling and a new password also move the generation on.
        guard account.disabled_at == nil else { throw DomainError.signInDisabled }
        if let checked = precondition.passwordHash, account.password_hash != checked {
            throw DomainError.signInPasswordChanged
        }
        guard account.session_generation == precondition.generation else { throw DomainError.signInOvertaken }
        try await db.update("users").set("last_active_at", to: row.created_at).where("id", .equal, row.user_id).run()
    }

    package func session(id: String) async throws -> SessionRecord? {
        try await database.reader.select().columns("*").from("sessions").where("id", .equal, id)
            .first(decoding: Row.self)?.record
    }

    package func session(secretHash: String) async throws -> SessionRecord? {
        try await database.reader.select().columns("*").from("sessions").where("secret_hash", .equal, secretHash)
            .first(decoding: Row.self)?.record
    }

    package func touch(sessionID: String, at date: Date, expiresAt: Date) async throws {
        let (now, expires) = (Milliseconds.from(date), Milliseconds.from(expiresAt))
        try await database.write { db in
            try await db.update("sessions").set("last_used_at", to: now).set("expires_at", to: expires)
                .where("id", .equal, sessionID).where(SQLColumn("revoked_at"), .is, SQLLiteral.null).run()
            // A used session keeps its account active (idle guests are removed by this time).
            try await db.update("users").set("last_active_at", to: now)
                .where(
                    SQLColumn("id"), .in,
                    SQLGroupExpression(
                        db.select().column("user_id").from("sessions").where("id", .equal, sessionID).query)
                )
                .run()
        }
    }

    package func refresh(tokenHash: String, newTokenHash: String, now: Date, expiresAt: Date, retriesSince: Date)
        async throws -> RefreshOutcome
    {
        let nowMillis = Milliseconds.from(now)
        return try await database.write { [database] db in
            // Two instances refreshing with the same token at once: one rotates it, the other sees it used.
            try await database.lock(.refresh(tokenHash), in: db)
            guard
                let token = try await db.select().columns("*").from("refresh_tokens")
                    .where("token_hash", .equal, tokenHash).first(decoding: TokenRow.self),
                var session = try await db.select().columns("*").from("sessions")
                    .where("id", .equal, token.session_id).first(decoding: Row.self)?.record
            else { return .unknown }
            if let usedAt = token.used_at {
                if usedAt >= Milliseconds.from(retriesSince), session.isActive(at: now),
                    let successor = try await db.select().columns("*").from("refresh_tokens")
                        .where("token_hash", .equal, newTokenHash).first(decoding: TokenRow.self),
                    successor.session_id == session.id, successor.used_at == nil
                {
                    return .repeated(session)
                }
                if session.revokedAt == nil {
                    session.revokedAt = now
                    try await db.update("sessions").set("revoked_at", to: nowMillis).where("id", .equal, session.id)
                        .run()
                    try await database.bus?.send(SessionNotice.ended(session.id).message, in: db)
                }
                return .reused(session)
            }
            guard session.isActive(at: now) else { return .ended(session) }
            try await db.update("refresh_tokens").set("used_at", to: nowMillis).where("token_hash", .equal, tokenHash)
                .run()
            try await db.insert(into: "refresh_tokens")
                .model(TokenRow(token_hash: newTokenHash, session_id: session.id, issued_at: nowMillis, used_at: nil))
                .run()
            session.lastUsedAt = now
            session.expiresAt = expiresAt
            try await db.update("sessions").set("last_used_at", to: nowMillis)
                .set("expires_at", to: Milliseconds.from(expiresAt)).where("id", .equal, session.id).run()
            return .rotated(session)
        }
    }

    package func revoke(sessionID: String, at date: Date) async throws {
        let millis = Milliseconds.from(date)
        try await database.write { [database] db in
            try await db.update("sessions").set("revoked_at", to: millis).where("id", .equal, sessionID)
                .where(SQLColumn("revoked_at"), .is, SQLLiteral.null).run()
            try await database.bus?.send(SessionNotice.ended(sessionID).message, in: db)
        }
    }

    package func revokeAll(userID: UserID, at date: Date) async throws {
        let millis = Milliseconds.from(date)
        try await database.write { [database] db in
            try await database.lock(.user(userID.rawValue), in: db)
            try await db.update("users")
                .set(
                    SQLColumn("session_generation"),
                    to: SQLBinaryExpression(SQLColumn("session_generation"), .add, SQLLiteral.numeric("1"))
                )
                .where("id", .equal, userID.rawValue).run()
            try await db.update("sessions").set("revoked_at", to: millis).where("user_id", .equal, userID.rawValue)
                .where(SQLColumn("revoked_at"), .is, SQLLiteral.null).run()
            try await database.bus?.send(SessionNotice.allEnded(userID).message, in: db)
        }
    }

    @discardableResult
    package func prune(endedBefore date: Date) async throws -> Int {
        let millis = Milliseconds.from(date)
        return try await database.write { db in
            let ended = try await db.select().column("id").from("sessions")
                .where { $0.where("revoked_at", .lessThan, millis).orWhere("expires_at", .lessThan, millis) }
                .all(decodingColumn: "id", as: String.self)
            for batch in stride(from: 0, to: ended.count, by: 500).map({ Array(ended[$0..<min($0 + 500, ended.count)]) }
            ) {
                try await db.delete(from: "refresh_tokens").where("session_id", .in, batch).run()
                try await db.delete(from: "sessions").where("id", .in, batch).run()
            }
            try await db.delete(from: "refresh_tokens").where("used_at", .lessThan, millis).run()
            return ended.count
        }
    }
}
