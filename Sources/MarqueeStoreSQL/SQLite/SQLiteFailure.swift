import MarqueeCore
import MarqueeStore
import VaporCSQLite

/// An error SQLite reported: its (extended) result code and message.
struct SQLiteFailure: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    var description: String { "SQLite error \(code): \(message)" }

    /// `storage.unavailable` for failures of the file rather than of the statement: another process holding the lock
    /// past the busy timeout, a full disk, an I/O error, a file that cannot be opened or written. Nil for the rest (a
    /// broken constraint or a bad statement stays a bug, reported as one).
    var unavailable: DomainError? {
        switch code & 0xff {
        case SQLITE_BUSY, SQLITE_LOCKED:
            DomainError(
                .storageUnavailable, "The database is busy right now. Please try again in a moment.",
                retryAfterSeconds: 5)
        case SQLITE_FULL:
            DomainError(
                .storageUnavailable, "The server has no room left to save changes. Please try again later.",
                retryAfterSeconds: 60)
        case SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_NOMEM, SQLITE_CORRUPT, SQLITE_NOTADB:
            Self.cannotWrite
        default:
            nil
        }
    }

    /// The file can be neither read nor written reliably until the server is restarted (or its disk is repaired).
    static let cannotWrite = DomainError(
        .storageUnavailable, "The database cannot be used right now. Please try again later.", retryAfterSeconds: 30)
}
