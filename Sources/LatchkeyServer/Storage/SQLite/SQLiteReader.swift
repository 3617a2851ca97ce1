import Logging
import SQLKit

/// One read-only connection of the embedded store, on a thread of its own.
///
/// A read's whole body runs on the reader's thread (as the task's executor preference), so its
/// queries run synchronously through the handle's cached prepared statements: no statement is
/// prepared again per query, and a read of several queries hops threads once, not twice per query.
/// In WAL mode readers never block the writer, nor it them.
final class SQLiteReader: Sendable {
    private let handle: SQLiteHandle
    private let thread: DedicatedThreadExecutor
    private let database: SQLiteHandleDatabase

    /// Opens a reader on the database at `path`; `index` names its thread.
    init(path: String, index: Int, logger: Logger) throws {
        handle = try SQLiteHandle(path: path, busyTimeoutMilliseconds: 10_000)
        for pragma in ["query_only=1", "foreign_keys=ON"] {
            try handle.execute("PRAGMA \(pragma)", binds: []) { _ in }
        }
        thread = DedicatedThreadExecutor(name: "latchkey-sqlite-reader-\(index)")
        database = SQLiteHandleDatabase(handle: handle, logger: logger)
    }

    /// Runs `body` on the reader's thread.
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await withTaskExecutorPreference(thread) { [database] in try await body(database) }
    }

    /// A reader dropped without ``close()`` still ends its thread (its handle closes itself).
    deinit {
        thread.stop()
    }

    /// Closes the connection on its thread, then lets the thread end.
    func close() async {
        await Task(executorPreference: thread) { [handle] in handle.close() }.value
        thread.stop()
    }
}
