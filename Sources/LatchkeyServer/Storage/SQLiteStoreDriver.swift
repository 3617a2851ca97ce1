import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOPosix
import SQLKit
import SQLiteKit

/// The embedded store: one SQLite file in WAL mode with `synchronous=FULL`, one writer connection
/// whose transactions are group-committed (one fsync for every write that queued meanwhile), and
/// a pool of read-only connections that never block it.
final class SQLiteStoreDriver: StoreDriver {
    let family = SQLFamily.sqlite
    private let writer: SQLiteConnection
    private let readers: [SQLiteConnection]
    private let committer: GroupCommitter
    private let nextReader = NIOLockedValueBox(0)
    private let threadPool: NIOThreadPool

    private init(writer: SQLiteConnection, readers: [SQLiteConnection], threadPool: NIOThreadPool, logger: Logger) {
        self.writer = writer
        self.readers = readers
        self.threadPool = threadPool
        self.committer = GroupCommitter(database: writer.sql(queryLogLevel: nil), logger: logger)
    }

    /// Opens (creating if needed) the database file at `path`.
    static func open(path: String, readerCount: Int = 4, logger: Logger) async throws -> SQLiteStoreDriver {
        let threadPool = NIOThreadPool(numberOfThreads: readerCount + 1)
        threadPool.start()
        let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
        let writer = try await SQLiteConnection.open(
            storage: .file(path: path), threadPool: threadPool, logger: logger, on: eventLoop)
        let writerSQL = writer.sql(queryLogLevel: nil)
        try await writerSQL.raw("PRAGMA journal_mode=WAL").run()
        for pragma in ["synchronous=FULL", "busy_timeout=10000", "foreign_keys=ON"] {
            try await writerSQL.raw("PRAGMA \(unsafeRaw: pragma)").run()
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
        return SQLiteStoreDriver(writer: writer, readers: readers, threadPool: threadPool, logger: logger)
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

    func withMigrationLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        // Each migration runs in a `BEGIN IMMEDIATE` transaction, which already excludes other writers.
        try await body()
    }

    func isUniqueViolation(_ error: any Error, on column: String) -> Bool {
        guard let error = error as? SQLiteError, error.reason == .constraintUniqueFailed || error.reason == .constraint
        else { return false }
        return error.message.contains("UNIQUE") && error.message.contains(column)
    }

    func shutdown() async {
        for connection in readers + [writer] {
            try? await connection.close()
        }
        try? await threadPool.shutdownGracefully()
    }
}
