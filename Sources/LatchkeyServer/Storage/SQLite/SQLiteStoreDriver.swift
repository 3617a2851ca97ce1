import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOPosix
import SQLKit
import SQLiteKit

/// The embedded store: one SQLite file in WAL mode with `synchronous=FULL`, one writer connection
/// whose transactions are group-committed (one fsync for every write that queued meanwhile), and
/// a pool of read-only connections that never block it.
///
/// The writer runs on a thread of its own with cached prepared statements (``SQLiteHandle``):
/// a transaction's statements run back to back there, where a thread-pool connection would hop
/// threads twice per statement.
final class SQLiteStoreDriver: StoreDriver {
    let family = SQLFamily.sqlite
    private let writer: SQLiteHandle
    private let writerThread: DedicatedThreadExecutor
    private let readers: [SQLiteConnection]
    private let committer: GroupCommitter
    private let nextReader = NIOLockedValueBox(0)
    private let threadPool: NIOThreadPool

    private init(
        writer: SQLiteHandle, readers: [SQLiteConnection], threadPool: NIOThreadPool, maximumQueuedWrites: Int, logger: Logger
    ) {
        self.writer = writer
        self.writerThread = DedicatedThreadExecutor(name: "latchkey-sqlite-writer")
        self.readers = readers
        self.threadPool = threadPool
        self.committer = GroupCommitter(
            database: SQLiteWriterDatabase(handle: writer, logger: logger), executor: writerThread, logger: logger,
            maximumQueued: maximumQueuedWrites)
    }

    /// Opens (creating if needed) the database file at `path`; at most `maximumQueuedWrites` write
    /// transactions wait for the writer (more are refused with ``StoreOverloaded``).
    static func open(
        path: String, readerCount: Int = 4, maximumQueuedWrites: Int, logger: Logger
    ) async throws -> SQLiteStoreDriver {
        let threadPool = NIOThreadPool(numberOfThreads: readerCount)
        threadPool.start()
        let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
        let writer = try SQLiteHandle(path: path, busyTimeoutMilliseconds: 10_000)
        for pragma in ["journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "secure_delete=ON"] {
            try writer.execute("PRAGMA \(pragma)", binds: []) { _ in }
        }
        var readers: [SQLiteConnection] = []
        for _ in 0..<readerCount {
            let reader = try await SQLiteConnection.open(
                storage: .file(path: path), threadPool: threadPool, logger: logger, on: eventLoop)
            for pragma in ["busy_timeout=10000", "foreign_keys=ON", "query_only=1"] {
                try await reader.sql(queryLogLevel: nil).raw("PRAGMA \(unsafeRaw: pragma)").run()
            }
            readers.append(reader)
        }
        return SQLiteStoreDriver(
            writer: writer, readers: readers, threadPool: threadPool, maximumQueuedWrites: maximumQueuedWrites, logger: logger)
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let index = nextReader.withLockedValue { value in
            value = (value + 1) % readers.count
            return value
        }
        return try await body(readers[index].sql(queryLogLevel: nil))
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await committer.write(body)
    }

    func writeStatement<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await committer.write(body)
    }

    func withMigrationLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        // Each migration runs in a `BEGIN IMMEDIATE` transaction, which already excludes other writers.
        try await body()
    }

    func isUniqueViolation(_ error: any Error, of key: UniqueKey) -> Bool {
        guard let failure = error as? SQLiteFailure, failure.isUniqueViolation else { return false }
        return failure.message == key.sqliteMessage
    }

    /// A driver dropped without ``shutdown()`` — a start that failed after opening it, a test that
    /// threw before its cleanup — still closes its readers, so their files are released instead
    /// of leaking (and SQLiteNIO's debug check that every connection is closed does not abort
    /// the process).
    deinit {
        for reader in readers where !reader.isClosed { _ = reader.close() }
    }

    func shutdown() async {
        for connection in readers {
            try? await connection.close()
        }
        await Task(executorPreference: writerThread) { [writer] in writer.close() }.value
        writerThread.stop()
        try? await threadPool.shutdownGracefully()
    }
}

/// SQLite's own failures (a busy or locked file, a full disk, I/O) are the store's.
extension SQLiteError: StoreFailure {}
extension SQLiteFailure: StoreFailure {}
