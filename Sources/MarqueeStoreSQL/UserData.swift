import MarqueeStore
import SQLKit

/// Every table that holds a user's data, and how to remove that user's rows from it. Account deletion runs these
/// steps, in order, inside one transaction before removing the `users` row itself; a feature that adds a table
/// with user data adds its step here (a test checks no row that names a deleted user survives in any table).
enum UserData {
    typealias Step = @Sendable (any SQLDatabase, String) async throws -> Void

    static let deletionOrder: [Step] = [
        { db, userID in try await db.delete(from: "change_log").where("user_id", .equal, userID).run() },
        { db, userID in try await db.delete(from: "change_sequences").where("user_id", .equal, userID).run() },
        { db, userID in try await db.delete(from: "saved_items").where("user_id", .equal, userID).run() },
        { db, userID in
            try await db.delete(from: "refresh_tokens")
                .where(
                    SQLColumn("session_id"), .in,
                    SQLGroupExpression(
                        db.select().column("id").from("sessions").where("user_id", .equal, userID).query)
                )
                .run()
        },
        { db, userID in try await db.delete(from: "sessions").where("user_id", .equal, userID).run() },
        { db, userID in try await db.delete(from: "one_time_tokens").where("user_id", .equal, userID).run() },
        { db, userID in
            // Another account's links may name the user (a guest-merge link names the guest): forget the name but
            // keep the link, so following it again still says it was used.
            try await db.update("one_time_tokens").set("payload", to: SQLLiteral.null).where("payload", .equal, userID)
                .run()
        },
    ]
}
