import Logging
import MarqueeServer
import MarqueeStore
import MarqueeStoreSQL

/// Runs an operator command's `body` with the configured database (migrated first unless `migrated` is false),
/// closing it afterwards whatever happens, and returns what `body` returns. Commands log warnings only; their
/// output is what they print.
func withDatabase<T>(
    _ settings: ServerSettings, label: String, migrated: Bool = true, _ body: (any Database) async throws -> T
) async throws -> T {
    let logger = commandLogger(label)
    let database =
        migrated
        ? try await openMigratedDatabase(settings: settings, logger: logger)
        : try await openDatabase(settings: settings, logger: logger)
    do {
        let result = try await body(database)
        await database.close()
        return result
    } catch {
        await database.close()
        throw error
    }
}

/// A logger for an operator command: warnings and errors only.
func commandLogger(_ label: String) -> Logger {
    var logger = Logger(label: label)
    logger.logLevel = .warning
    return logger
}
