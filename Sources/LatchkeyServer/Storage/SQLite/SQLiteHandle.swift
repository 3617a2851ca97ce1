import CLatchkeySQLite
import NIOConcurrencyHelpers
import NIOCore
import SQLiteNIO

/// One SQLite connection driven directly through the C API, with its prepared statements cached.
///
/// Each owner drives its handle from one thread (a ``DedicatedThreadExecutor``); a lock makes
/// that a guarantee rather than a convention, and costs nothing uncontended. Every connection of
/// the process goes through the one SQLite that `CLatchkeySQLite` builds, so SQLite's file locks
/// stay coherent (sqlite-nio's own copy, linked for its value types, opens no file of the store).
final class SQLiteHandle: @unchecked Sendable {
    private var connection: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    private let statementCacheLimit: Int
    private let lock = NIOLock()
    /// Held for as long as SQLite may call it (see ``sendCommits(to:)``).
    private var commitListener: WALCheckpointer?

    /// Opens (creating if needed) the database at `path`.
    init(path: String, busyTimeoutMilliseconds: Int32, statementCacheLimit: Int = 128) throws {
        self.statementCacheLimit = statementCacheLimit
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK else {
            let failure = SQLiteFailure(code: status, message: "cannot open \(path): \(errorMessage)")
            sqlite3_close(connection)
            connection = nil
            throw failure
        }
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, busyTimeoutMilliseconds)
    }

    /// Runs one statement with positional `binds`, calling `onRow` with each result row.
    func execute(_ sql: String, binds: [SQLiteData], onRow: (SQLiteValuesRow) -> Void) throws {
        try lock.withLock { try executeLocked(sql, binds: binds, onRow: onRow) }
    }

    private func executeLocked(_ sql: String, binds: [SQLiteData], onRow: (SQLiteValuesRow) -> Void) throws {
        let statement = try prepared(sql)
        // Every parameter is bound at each execution, so none keeps a value from the last one.
        guard binds.count == Int(sqlite3_bind_parameter_count(statement)) else {
            throw SQLiteFailure(code: SQLITE_RANGE, message: "\(binds.count) values for the parameters of: \(sql)")
        }
        defer {
            sqlite3_reset(statement)
            Self.releaseCopies(of: binds, in: statement)
        }
        for (offset, value) in binds.enumerated() {
            try check(bind(value, at: Int32(offset + 1), in: statement))
        }
        var columns: SQLiteValuesRow.Columns?
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw failure(status) }
            let names = columns ?? Self.columns(of: statement)
            columns = names
            let count = sqlite3_column_count(statement)
            onRow(SQLiteValuesRow(columns: names, values: (0..<count).map { Self.value(at: $0, in: statement) }))
        }
    }

    /// Hands the WAL's size after each commit to `checkpointer` in place of SQLite's automatic
    /// checkpoint, and checkpoints right there (passively) when it answers so.
    func sendCommits(to checkpointer: WALCheckpointer) {
        lock.withLock {
            commitListener = checkpointer
            _ = sqlite3_wal_hook(
                connection,
                { context, connection, schema, frames in
                    guard let context else { return SQLITE_OK }
                    let checkpointer = Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue()
                    if checkpointer.committed(frames: Int(frames)) {
                        _ = sqlite3_wal_checkpoint_v2(connection, schema, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
                    }
                    return SQLITE_OK
                },
                Unmanaged.passUnretained(checkpointer).toOpaque()
            )
        }
    }

    /// Copies into the database file every WAL frame that no reader still needs, without waiting
    /// for anyone (`SQLITE_CHECKPOINT_PASSIVE`); the frames in the WAL and those now copied.
    func checkpoint() throws -> (frames: Int, copied: Int) {
        try lock.withLock {
            var frames: Int32 = 0
            var copied: Int32 = 0
            try check(sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, &frames, &copied))
            return (Int(frames), Int(copied))
        }
    }

    /// Finalizes every statement and closes the connection; later calls do nothing.
    func close() {
        lock.withLock { closeLocked() }
    }

    /// A handle dropped without ``close()`` (a start that failed after opening it) still releases
    /// its file.
    deinit {
        closeLocked()
    }

    private func closeLocked() {
        guard connection != nil else { return }
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        sqlite3_close_v2(connection)
        connection = nil
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        if statements.count >= statementCacheLimit {
            for statement in statements.values { sqlite3_finalize(statement) }
            statements.removeAll()
        }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(
            connection,
            sql,
            -1,
            UInt32(SQLITE_PREPARE_PERSISTENT),
            &statement,
            nil
        )
        guard status == SQLITE_OK, let statement else { throw failure(status) }
        statements[sql] = statement
        return statement
    }

    private func bind(_ value: SQLiteData, at index: Int32, in statement: OpaquePointer) -> Int32 {
        switch value {
        case .integer(let integer):
            return sqlite3_bind_int64(statement, index, Int64(integer))
        case .float(let double):
            return sqlite3_bind_double(statement, index, double)
        case .text(let text):
            return sqlite3_bind_text64(
                statement,
                index,
                text,
                UInt64(text.utf8.count),
                Self.transient,
                UInt8(SQLITE_UTF8)
            )
        case .blob(let buffer):
            return buffer.withUnsafeReadableBytes {
                sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), Self.transient)
            }
        case .null:
            return sqlite3_bind_null(statement, index)
        }
    }

    /// Drops the statement's copies of the text and blob values bound to it (secrets among them),
    /// leaving its plan alone.
    ///
    /// Not `sqlite3_clear_bindings`: that also expires any statement whose plan weighed a bound
    /// value, and SQLite weighs the value of every `column = ?` that a candidate plan does not use
    /// as an index key, as in `WHERE user_id = ? ORDER BY created_at` when it costs a scan in
    /// `created_at` order. Each such statement was then parsed and planned again at every
    /// execution, a cost paid on every refresh.
    /// Binding `NULL` in their place expires nothing, as their old values are not integers.
    private static func releaseCopies(of binds: [SQLiteData], in statement: OpaquePointer) {
        for (offset, value) in binds.enumerated() {
            switch value {
            case .text, .blob: sqlite3_bind_null(statement, Int32(offset + 1))
            case .integer, .float, .null: continue
            }
        }
    }

    private func check(_ status: Int32) throws {
        guard status == SQLITE_OK else { throw failure(status) }
    }

    private func failure(_ status: Int32) -> SQLiteFailure {
        SQLiteFailure(code: status, message: errorMessage)
    }

    private var errorMessage: String {
        sqlite3_errmsg(connection).map { String(cString: $0) } ?? "unknown SQLite error"
    }

    private static func columns(of statement: OpaquePointer) -> SQLiteValuesRow.Columns {
        let count = sqlite3_column_count(statement)
        return SQLiteValuesRow.Columns(
            names: (0..<count).map { sqlite3_column_name(statement, $0).map { String(cString: $0) } ?? "" }
        )
    }

    private static func value(at column: Int32, in statement: OpaquePointer) -> SQLiteData {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .integer(SQLiteInt64(sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT:
            return .float(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            let length = Int(sqlite3_column_bytes(statement, column))
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
        case SQLITE_BLOB:
            let length = Int(sqlite3_column_bytes(statement, column))
            var buffer = ByteBufferAllocator().buffer(capacity: length)
            if let bytes = sqlite3_column_blob(statement, column) {
                buffer.writeBytes(UnsafeRawBufferPointer(start: bytes, count: length))
            }
            return .blob(buffer)
        default:
            return .null
        }
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// A failed SQLite call: its extended result code and SQLite's message.
struct SQLiteFailure: Error, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE` is 2067).
    var code: Int32
    var message: String

    var description: String { "SQLite error \(code): \(message)" }

    /// Whether a `UNIQUE` or primary-key constraint refused the write.
    var isUniqueViolation: Bool { code == 2067 || code == 1555 }
}
