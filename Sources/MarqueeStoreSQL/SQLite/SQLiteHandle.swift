import Foundation
import MarqueeStore
import NIOCore
import SQLiteNIO
import Synchronization
import VaporCSQLite

/// One SQLite connection used directly through the C API: statements run synchronously on the calling thread
/// and stay prepared for reuse. Marquee's queries take microseconds, so running them in place costs far less than
/// the two thread hops per statement (and one per row) of going through a thread pool (see `SQLiteDatabase`).
///
/// Only one caller uses the handle at a time: every use goes through `lock`.
final class SQLiteHandle: Sendable {
    private struct State: ~Copyable {
        var db: OpaquePointer?
        var statements: [String: OpaquePointer] = [:]
    }

    private let state: Mutex<State>

    /// Statements prepared once and kept; beyond this many distinct texts, new ones are prepared per use.
    private static let statementCacheSize = 256

    /// Opens (creating if needed) the file at `path`.
    init(path: String) throws {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let status = sqlite_nio_sqlite3_open_v2(path, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite_nio_sqlite3_close_v2(db)
            throw SQLiteFailure(code: status, message: message)
        }
        state = Mutex(State(db: db))
    }

    /// Runs one statement with its bound values, calling `onRow` for each result row (on this thread).
    func run(_ sql: String, _ binds: [SQLiteData], onRow: (SQLiteResultRow) throws -> Void) throws {
        try state.withLock { state in
            guard let db = state.db else {
                throw SQLiteFailure(code: SQLITE_CANTOPEN, message: "the connection is closed")
            }
            var cached = true
            var statement = state.statements[sql]
            if statement == nil {
                cached = state.statements.count < Self.statementCacheSize
                var prepared: OpaquePointer?
                let flags = cached ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
                let status = sqlite_nio_sqlite3_prepare_v3(db, sql, -1, flags, &prepared, nil)
                guard status == SQLITE_OK, let prepared else { throw Self.error(db, status) }
                statement = prepared
                if cached { state.statements[sql] = prepared }
            }
            guard let statement else { return }
            defer {
                if cached {
                    // No sqlite3_clear_bindings: every run binds every parameter anew, and clearing marks a statement
                    // whose plan looked at a bound value (an ORDER BY with a LIMIT does) as expired, so SQLite
                    // re-prepared the list page's SELECT on every run (about 7% of a list request's CPU under load).
                    sqlite_nio_sqlite3_reset(statement)
                } else {
                    sqlite_nio_sqlite3_finalize(statement)
                }
            }
            for (index, value) in binds.enumerated() {
                let status = Self.bind(value, at: Int32(index + 1), to: statement)
                guard status == SQLITE_OK else { throw Self.error(db, status) }
            }
            var columns: [String]?
            while true {
                let status = sqlite_nio_sqlite3_step(statement)
                if status == SQLITE_DONE { return }
                guard status == SQLITE_ROW else { throw Self.error(db, status) }
                let names = columns ?? Self.columnNames(statement)
                columns = names
                try onRow(
                    SQLiteResultRow(columns: names, values: (0..<Int32(names.count)).map { Self.value(statement, $0) }))
            }
        }
    }

    /// Where SQLite keeps this file's write-ahead log (beside the file it resolved, symbolic links followed).
    func logPath() -> String? {
        state.withLock { state in
            guard let db = state.db, let file = sqlite_nio_sqlite3_db_filename(db, "main"),
                let log = sqlite_nio_sqlite3_filename_wal(file)
            else { return nil }
            return String(cString: log)
        }
    }

    /// Finalizes every statement and closes the connection; later uses throw.
    func close() {
        state.withLock { state in
            for statement in state.statements.values { sqlite_nio_sqlite3_finalize(statement) }
            state.statements = [:]
            if let db = state.db { sqlite_nio_sqlite3_close_v2(db) }
            state.db = nil
        }
    }

    deinit { close() }

    private static func bind(_ value: SQLiteData, at index: Int32, to statement: OpaquePointer) -> Int32 {
        switch value {
        case .integer(let number): sqlite_nio_sqlite3_bind_int64(statement, index, Int64(number))
        case .float(let number): sqlite_nio_sqlite3_bind_double(statement, index, number)
        case .null: sqlite_nio_sqlite3_bind_null(statement, index)
        case .text(let text):
            sqlite_nio_sqlite3_bind_text64(
                statement, index, text, UInt64(text.utf8.count), transient, UInt8(SQLITE_UTF8))
        case .blob(let buffer):
            buffer.withUnsafeReadableBytes {
                sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), transient)
            }
        }
    }

    private static func columnNames(_ statement: OpaquePointer) -> [String] {
        (0..<sqlite_nio_sqlite3_column_count(statement)).map { index in
            sqlite_nio_sqlite3_column_name(statement, index).map { String(cString: $0) } ?? ""
        }
    }

    private static func value(_ statement: OpaquePointer, _ index: Int32) -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            return .integer(SQLiteInt64(sqlite_nio_sqlite3_column_int64(statement, index)))
        case SQLITE_FLOAT:
            return .float(sqlite_nio_sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, index))
            guard let text = sqlite_nio_sqlite3_column_text(statement, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, index))
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            if let bytes = sqlite_nio_sqlite3_column_blob(statement, index) {
                buffer.writeBytes(UnsafeRawBufferPointer(start: bytes, count: count))
            }
            return .blob(buffer)
        default:
            return .null
        }
    }

    private static func error(_ db: OpaquePointer, _ status: Int32) -> SQLiteFailure {
        SQLiteFailure(code: status, message: String(cString: sqlite_nio_sqlite3_errmsg(db)))
    }
}

/// SQLite's "copy the bytes now" destructor marker.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
