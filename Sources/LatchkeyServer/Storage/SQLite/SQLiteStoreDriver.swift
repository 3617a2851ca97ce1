import Foundation
import Logging
import NIOConcurrencyHelpers
import SQLKit

/// The embedded store: one SQLite file in WAL mode with `synchronous=FULL`, one writer connection
/// whose transactions are group-committed (one fsync for every write that queued meanwhile),
/// read-only connections that never block it, and a connection that checkpoints the WAL beside
/// the writer (``WALCheckpointer``).
///
/// Every connection is a ``SQLiteHandle`` on a thread of its own, with cached prepared statements:
/// a transaction's or a read's statements run back to back there, where a thread-pool connection
/// would prepare each statement again and hop threads twice per statement.
final class SQLiteStoreDriver: StoreDriver {
    let family = SQLFamily.sqlite
    private let writer: SQLiteHandle
    private let writerThread: DedicatedThreadExecutor
    private let checkpointer: WALCheckpointer
    private let readers: [SQLiteReader]
    private let committer: GroupCommitter
    private let nextReader = NIOLockedValueBox(0)

    private init(
        writer: SQLiteHandle,
        checkpointer: WALCheckpointer,
        readers: [SQLiteReader],
        maximumQueuedWrites: Int,
        logger: Logger
    ) {
        self.writer = writer
        self.checkpointer = checkpointer
        self.writerThread = DedicatedThreadExecutor(name: "latchkey-sqlite-writer")
        self.readers = readers
        self.committer = GroupCommitter(
            database: SQLiteHandleDatabase(handle: writer, logger: logger),
            executor: writerThread,
            logger: logger,
            maximumQueued: maximumQueuedWrites
        )
    }

    /// Opens (creating if needed) the database file at `path`; at most `maximumQueuedWrites` write
    /// transactions wait for the writer (more are refused with ``StoreOverloaded``).
    ///
    /// Page caches stay at SQLite's default (2 MB a connection). Larger ones cost more than they
    /// save here: in WAL mode a reader drops its whole cache whenever a write has committed since
    /// its last read, and the writer walks its cache's hash table at every commit
    /// (`pcache1TruncateUnsafe`), so both costs grow with the cache and every small commit pays
    /// them. The operating system's page cache holds the file anyway. The
    /// writer keeps its statement journals (a multi-row `INSERT` inside a transaction writes one)
    /// in memory rather than in a temporary file.
    static func open(
        path: String,
        readerCount: Int = 4,
        maximumQueuedWrites: Int,
        logger: Logger
    ) async throws -> SQLiteStoreDriver {
        let writer = try SQLiteHandle(path: path, busyTimeoutMilliseconds: 10_000)
        for pragma in ["journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "secure_delete=ON", "temp_store=MEMORY"] {
            try writer.execute("PRAGMA \(pragma)", binds: []) { _ in }
        }
        let checkpointer = try WALCheckpointer(path: path, logger: logger)
        writer.sendCommits(to: checkpointer)
        let readers = try (0..<readerCount).map { index in
            try SQLiteReader(path: path, index: index, logger: logger)
        }
        return SQLiteStoreDriver(
            writer: writer,
            checkpointer: checkpointer,
            readers: readers,
            maximumQueuedWrites: maximumQueuedWrites,
            logger: logger
        )
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let index = nextReader.withLockedValue { value in
            value = (value + 1) % readers.count
            return value
        }
        return try await readers[index].read(body)
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await committer.write(body)
    }

    func writeStatement<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await committer.write(body)
    }

    /// How many checkpoints the WAL has had beside the writer.
    var checkpointPasses: Int { checkpointer.passes }

    func withMigrationLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        // Each migration runs in a `BEGIN IMMEDIATE` transaction, which already excludes other writers.
        try await body()
    }

    func isUniqueViolation(_ error: any Error, of key: UniqueKey) -> Bool {
        guard let failure = error as? SQLiteFailure, failure.isUniqueViolation else { return false }
        return failure.message == key.sqliteMessage
    }

    /// A driver dropped without ``shutdown()`` (a start that failed after opening it, a test that
    /// threw before its cleanup) still ends the writer's thread; the handles close themselves.
    deinit {
        writerThread.stop()
    }

    func shutdown() async {
        for reader in readers {
            await reader.close()
        }
        await checkpointer.close()
        await Task(executorPreference: writerThread) { [writer] in writer.close() }.value
        writerThread.stop()
    }
}

/// SQLite's own failures (a busy or locked file, a full disk, I/O) are the store's.
extension SQLiteFailure: StoreFailure {}
