package import Foundation
package import MarqueeCore
package import MarqueeStore
import MarqueeWire
import SQLKit

/// A `UserStore` in the `users` table.
package struct SQLUserStore: UserStore {
    private let database: any Database

    /// Creates a store over `database` (migrated).
    package init(database: any Database) {
        self.database = database
    }

    // Named as the table or the wire names them.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct Row: Codable {
        var id: String
        var email: String?
        var email_verified: Int64
        var password_hash: String?
        var google_subject: String?
        var created_at: Int64
        var last_active_at: Int64
        var profile: String
        var disabled_at: Int64?
        var session_generation: Int64

        /// The address and Google account this row holds that `other` does not.
        func claims(beyond other: Row) -> Set<LockKey> {
            var claims = Set<LockKey>()
            if let email, email != other.email { claims.insert(.email(email)) }
            if let subject = google_subject, subject != other.google_subject { claims.insert(.google(subject)) }
            return claims
        }

        init(_ user: UserRecord) {
            id = user.id.rawValue
            email = user.email
            email_verified = user.emailVerified ? 1 : 0
            password_hash = user.passwordHash
            google_subject = user.googleSubject
            created_at = Milliseconds.from(user.createdAt)
            last_active_at = Milliseconds.from(user.lastActiveAt)
            profile = String(decoding: (try? JSONEncoder().encode(user.profile)) ?? Data("{}".utf8), as: UTF8.self)
            disabled_at = user.disabledAt.map(Milliseconds.from)
            session_generation = user.sessionGeneration
        }

        var record: UserRecord? {
            guard let userID = UserID(id) else { return nil }
            return UserRecord(
                id: userID, email: email, emailVerified: email_verified != 0, passwordHash: password_hash,
                googleSubject: google_subject, createdAt: Milliseconds.date(created_at),
                lastActiveAt: Milliseconds.date(last_active_at),
                profile: (try? JSONDecoder().decode(UserProfile.self, from: Data(profile.utf8))) ?? UserProfile(),
                disabledAt: disabled_at.map(Milliseconds.date), sessionGeneration: session_generation)
        }

        /// The columns whose values differ from `other`'s, with this row's values (`session_generation` aside:
        /// only the session store moves it).
        func changes(from other: Row) -> [(column: String, value: any SQLExpression)] {
            func value(_ value: (some Encodable & Sendable)?) -> any SQLExpression {
                value.map { SQLBind($0) } ?? SQLLiteral.null
            }
            var changes: [(column: String, value: any SQLExpression)] = []
            if email != other.email { changes.append(("email", value(email))) }
            if email_verified != other.email_verified { changes.append(("email_verified", value(email_verified))) }
            if password_hash != other.password_hash { changes.append(("password_hash", value(password_hash))) }
            if google_subject != other.google_subject { changes.append(("google_subject", value(google_subject))) }
            if created_at != other.created_at { changes.append(("created_at", value(created_at))) }
            if last_active_at != other.last_active_at { changes.append(("last_active_at", value(last_active_at))) }
            if profile != other.profile { changes.append(("profile", value(profile))) }
            if disabled_at != other.disabled_at { changes.append(("disabled_at", value(disabled_at))) }
            return changes
        }
    }

    package func insert(_ user: UserRecord) async throws {
        let row = Row(user)
        try await database.write { [database] db in
            try await database.lock(Self.lockNames(row), in: db)
            guard try await !Self.conflicts(row, in: db, includingSameID: true) else { throw DomainError.accountExists }
            try await db.insert(into: "users").model(row).run()
        }
    }

    package func user(id: UserID) async throws -> UserRecord? {
        try await first(where: "id", equals: id.rawValue)
    }

    package func user(email: String) async throws -> UserRecord? {
        try await first(where: "email", equals: email)
    }

    package func user(googleSubject: String) async throws -> UserRecord? {
        try await first(where: "google_subject", equals: googleSubject)
    }

    @discardableResult
    package func update(id: UserID, _ change: @escaping @Sendable (inout UserRecord) throws -> Void) async throws
        -> UserRecord?
    {
        try await database.write { [database] db in
            try await database.lock(.user(id.rawValue), in: db)
            guard
                let stored = try await db.select().columns("*").from("users").where("id", .equal, id.rawValue)
                    .first(decoding: Row.self), let before = stored.record
            else { return nil }
            var after = before
            try change(&after)
            after.id = before.id
            after.sessionGeneration = before.sessionGeneration
            let row = Row(after)
            let changes = row.changes(from: stored)
            guard !changes.isEmpty else { return after }
            // An address or Google account the change claims must not be another account's.
            let claimed = row.claims(beyond: stored)
            if !claimed.isEmpty {
                try await database.lock(claimed, in: db)
                guard try await !Self.conflicts(row, in: db, includingSameID: false) else {
                    throw DomainError.accountExists
                }
            }
            let update = changes.reduce(db.update("users")) { update, change in
                update.set(SQLColumn(change.column), to: change.value)
            }
            try await update.where("id", .equal, row.id).run()
            if changes.contains(where: { $0.column == "profile" }) {
                try await database.bus?.send(ProfileNotice(user: id).message, in: db)
            }
            return after
        }
    }

    @discardableResult
    package func delete(id: UserID, onlyGuest: Bool) async throws -> Bool {
        try await database.write { [database] db in
            // The same locks a save and an account update take, so deleting never deadlocks with either.
            try await database.lock([.items(id), .user(id.rawValue)], in: db)
            let row = try await db.select().columns("email", "google_subject").from("users")
                .where("id", .equal, id.rawValue).first()
            guard let row else { return false }
            if onlyGuest {
                let isGuest =
                    try row.decodeNil(column: "email") && row.decodeNil(column: "google_subject")
                guard isGuest else { return false }
            }
            for step in UserData.deletionOrder { try await step(db, id.rawValue) }
            try await db.delete(from: "users").where("id", .equal, id.rawValue).run()
            return true
        }
    }

    package func list(offset: Int, limit: Int) async throws -> [UserRecord] {
        try await database.reader.select().columns("*").from("users").orderBy("created_at").orderBy("id")
            .offset(offset).limit(limit).all(decoding: Row.self).compactMap(\.record)
    }

    package func count() async throws -> Int {
        let row = try await database.reader.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from("users").first()
        return try row?.decode(column: "n", as: Int.self) ?? 0
    }

    package func idleGuests(before date: Date, limit: Int) async throws -> [UserID] {
        try await database.reader.select().column("id").from("users")
            .where(SQLColumn("google_subject"), .is, SQLLiteral.null).where("email_verified", .equal, 0)
            .where("last_active_at", .lessThan, Milliseconds.from(date)).orderBy("last_active_at").limit(limit)
            .all(decodingColumn: "id", as: String.self).compactMap(UserID.init)
    }

    private func first(where column: String, equals value: String) async throws -> UserRecord? {
        try await database.reader.select().columns("*").from("users").where(SQLColumn(column), .equal, SQLBind(value))
            .first(decoding: Row.self)?.record
    }

    /// What two writers must not claim at once: the id, the email address and the Google account.
    private static func lockNames(_ row: Row) -> Set<LockKey> {
        Set([.user(row.id)] + [row.email.map(LockKey.email), row.google_subject.map(LockKey.google)].compactMap { $0 })
    }

    /// Whether another account (or, for inserts, any account with the same id) holds the row's email or subject.
    private static func conflicts(_ row: Row, in db: any SQLDatabase, includingSameID: Bool) async throws -> Bool {
        var conditions: [(column: String, value: String)] = []
        if includingSameID { conditions.append(("id", row.id)) }
        if let email = row.email { conditions.append(("email", email)) }
        if let subject = row.google_subject { conditions.append(("google_subject", subject)) }
        guard !conditions.isEmpty else { return false }
        let matches = try await db.select().column("id").from("users")
            .where { group in
                conditions.reduce(group) { group, condition in group.orWhere(condition.column, .equal, condition.value)
                }
            }
            .all(decodingColumn: "id", as: String.self)
        return matches.contains { includingSameID || $0 != row.id }
    }
}
