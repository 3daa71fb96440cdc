import MarqueeStore
package import SQLKit

/// One versioned schema change. Versions are applied in order, each exactly once, in its own transaction.
package struct Migration: Sendable {
    /// Increasing, never reused.
    package let version: Int
    /// What it does, for `marquee db status` and logs.
    package let name: String
    /// The change itself, written with SQLKit's builders so it works on every supported database.
    package let apply: @Sendable (any SQLDatabase) async throws -> Void

    /// Creates a migration.
    package init(version: Int, name: String, apply: @escaping @Sendable (any SQLDatabase) async throws -> Void) {
        self.version = version
        self.name = name
        self.apply = apply
    }
}

extension Migration {
    /// Every migration Marquee has, oldest first.
    package static let all: [Migration] = [
        Migration(version: 1, name: "upstream response cache") { db in
            try await db.create(table: "upstream_cache")
                .column("cache_key", type: .text, .primaryKey(autoIncrement: false))
                .column("body", type: .blob, .notNull)
                .column("fetched_at", type: .bigint, .notNull)
                .column("max_age", type: .bigint, .notNull)
                .run()
        },
        Migration(version: 2, name: "imported catalog lines") { db in
            try await db.create(table: "catalog_lines")
                .column("line_number", type: .bigint, .primaryKey(autoIncrement: false))
                .column("line", type: .text, .notNull)
                .run()
        },
        Migration(version: 3, name: "upstream cache purge index") { db in
            try await db.create(index: "upstream_cache_fetched_at").on("upstream_cache").column("fetched_at").run()
        },
        Migration(version: 4, name: "users") { db in
            try await db.create(table: "users")
                .column("id", type: .text, .primaryKey(autoIncrement: false))
                .column("email", type: .text, .unique)
                .column("email_verified", type: .bigint, .notNull)
                .column("password_hash", type: .text)
                .column("google_subject", type: .text, .unique)
                .column("created_at", type: .bigint, .notNull)
                .column("last_active_at", type: .bigint, .notNull)
                .column("profile", type: .text, .notNull)
                .run()
        },
        Migration(version: 5, name: "sessions and refresh tokens") { db in
            try await db.create(table: "sessions")
                .column("id", type: .text, .primaryKey(autoIncrement: false))
                .column("user_id", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
                .column("created_at", type: .bigint, .notNull)
                .column("last_used_at", type: .bigint, .notNull)
                .column("expires_at", type: .bigint, .notNull)
                .column("revoked_at", type: .bigint)
                .column("client", type: .text)
                .run()
            try await db.create(index: "sessions_user_id").on("sessions").column("user_id").run()
            try await db.create(table: "refresh_tokens")
                .column("token_hash", type: .text, .primaryKey(autoIncrement: false))
                .column("session_id", type: .text, .notNull, .references("sessions", "id", onDelete: .cascade))
                .column("issued_at", type: .bigint, .notNull)
                .column("used_at", type: .bigint)
                .run()
            try await db.create(index: "refresh_tokens_session_id").on("refresh_tokens").column("session_id").run()
        },
        Migration(version: 6, name: "one-time links, web sessions, disabled accounts") { db in
            try await db.create(table: "one_time_tokens")
                .column("token_hash", type: .text, .primaryKey(autoIncrement: false))
                .column("purpose", type: .text, .notNull)
                .column("user_id", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
                .column("payload", type: .text)
                .column("created_at", type: .bigint, .notNull)
                .column("expires_at", type: .bigint, .notNull)
                .column("used_at", type: .bigint)
                .run()
            try await db.create(index: "one_time_tokens_user_id").on("one_time_tokens").column("user_id").run()
            try await db.alter(table: "sessions").column("secret_hash", type: .text).run()
            try await db.create(index: "sessions_secret_hash").on("sessions").column("secret_hash").unique().run()
            try await db.alter(table: "users").column("disabled_at", type: .bigint).run()
            try await db.create(index: "users_last_active_at").on("users").column("last_active_at").run()
        },
        Migration(version: 7, name: "saved items and their change log") { db in
            try await db.create(table: "saved_items")
                .column("user_id", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
                .column("list", type: .text, .notNull)
                .column("kind", type: .text, .notNull)
                .column("item_id", type: .text, .notNull)
                .column("snapshot", type: .text, .notNull)
                .column("note", type: .text)
                .column("watched_at", type: .bigint)
                .column("rating", type: .bigint)
                .column("created_at", type: .bigint, .notNull)
                .column("updated_at", type: .bigint, .notNull)
                .primaryKey("user_id", "list", "kind", "item_id")
                .run()
            try await db.create(table: "change_sequences")
                .column(
                    "user_id", type: .text, .primaryKey(autoIncrement: false),
                    .references("users", "id", onDelete: .cascade)
                )
                .column("latest", type: .bigint, .notNull)
                .column("compacted_through", type: .bigint, .notNull)
                .run()
            try await db.create(table: "change_log")
                .column("user_id", type: .text, .notNull, .references("users", "id", onDelete: .cascade))
                .column("seq", type: .bigint, .notNull)
                .column("change", type: .text, .notNull)
                .primaryKey("user_id", "seq")
                .run()
        },
        Migration(version: 8, name: "saved item snapshot columns, search text, counts and list indexes") { db in
            // The snapshot moves from one JSON column to columns of its own (lists read them without parsing).
            try await db.alter(table: "saved_items").dropColumn("snapshot").run()
            try await db.alter(table: "saved_items").column("title", type: .text, .notNull, .default("")).run()
            try await db.alter(table: "saved_items").column("image_url", type: .text).run()
            try await db.alter(table: "saved_items").column("subtitle", type: .text).run()
            try await db.alter(table: "saved_items").column("extra", type: .text).run()
            try await db.alter(table: "saved_items").column("title_key", type: .text, .notNull, .default("")).run()
            try await db.alter(table: "saved_items").column("search_text", type: .text, .notNull, .default("")).run()
            try await db.alter(table: "change_sequences").column("item_count", type: .bigint, .notNull, .default(0))
                .run()
            // No release wrote saved items before this version, so there is nothing to backfill beyond the counts.
            try await db.raw(
                """
                UPDATE change_sequences SET item_count =
                    (SELECT COUNT(*) FROM saved_items WHERE saved_items.user_id = change_sequences.user_id)
                """
            ).run()
            for column in ["created_at", "updated_at", "title_key"] {
                try await db.create(index: "saved_items_by_\(column)").on("saved_items")
                    .column("user_id").column("list").column(column).run()
            }
        },
        Migration(version: 9, name: "byte-order sorting for saved item keys on PostgreSQL") { db in
            // Lists page by (sort column, list, kind, item_id) and must order exactly as SQLite does (bytes), not
            // by the server's locale; SQLite already compares bytes.
            guard db.dialect.name == "postgresql" else { return }
            for column in ["title_key", "list", "kind", "item_id"] {
                try await db.raw("ALTER TABLE saved_items ALTER COLUMN \(ident: column) TYPE TEXT COLLATE \"C\"").run()
            }
        },
        Migration(version: 10, name: "server secrets shared by every instance") { db in
            try await db.create(table: "server_secrets")
                .column("name", type: .text, .primaryKey(autoIncrement: false))
                .column("value", type: .text, .notNull)
                .run()
        },
        Migration(version: 11, name: "upstream fetch claims and shared outbound rate windows") { db in
            try await db.create(table: "upstream_claims")
                .column("cache_key", type: .text, .primaryKey(autoIncrement: false))
                .column("holder", type: .text, .notNull)
                .column("expires_at", type: .bigint, .notNull)
                .run()
            try await db.create(table: "upstream_rate")
                .column("upstream", type: .text, .notNull)
                .column("second", type: .bigint, .notNull)
                .column("used", type: .bigint, .notNull)
                .primaryKey("upstream", "second")
                .run()
        },
        Migration(version: 12, name: "attempt log for throttling shared by every instance") { db in
            try await db.create(table: "attempt_log")
                .column("attempt_key", type: .text, .notNull)
                .column("nonce", type: .text, .notNull)
                .column("at", type: .bigint, .notNull)
                .primaryKey("attempt_key", "nonce")
                .run()
            try await db.create(index: "attempt_log_by_time").on("attempt_log").column("attempt_key").column("at").run()
        },
        Migration(version: 13, name: "session generation of each account") { db in
            try await db.alter(table: "users").column("session_generation", type: .bigint, .notNull, .default(0)).run()
        },
        Migration(version: 14, name: "upstream cache sizes and last use, for a bounded cache") { db in
            try await db.alter(table: "upstream_cache").column("size", type: .bigint, .notNull, .default(0)).run()
            try await db.alter(table: "upstream_cache").column("used_at", type: .bigint, .notNull, .default(0)).run()
            try await db.raw("UPDATE upstream_cache SET size = length(cache_key) + length(body), used_at = fetched_at")
                .run()
            // Both columns: trimming orders by last use and sums sizes from the index alone, never reading the
            // bodies (on SQLite, `size` after a long `body` would mean walking every row's overflow pages).
            try await db.create(index: "upstream_cache_usage").on("upstream_cache").column("used_at").column("size")
                .run()
        },
        Migration(version: 15, name: "change log entries in their wire form") { db in
            try await LegacyChangeLog.rewrite(in: db)
        },
    ]
}
