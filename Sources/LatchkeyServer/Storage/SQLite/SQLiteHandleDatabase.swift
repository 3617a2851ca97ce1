import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit

/// A ``SQLiteHandle`` as an SQLKit database: statements run synchronously, on the calling
/// thread, through the handle's statement cache.
///
/// Its callers run on the handle's own ``DedicatedThreadExecutor`` — the group committer's batches
/// for the writer, a read's body for a reader (``SQLiteReader``) — so a transaction's or a read's
/// statements run back to back on one thread, with no hop between them and no statement prepared
/// twice.
struct SQLiteHandleDatabase: SQLDatabase {
    let handle: SQLiteHandle
    let logger: Logger
    let eventLoop: any EventLoop = MultiThreadedEventLoopGroup.singleton.any()
    let dialect: any SQLDialect = SQLiteDialect()
    var queryLogLevel: Logger.Level? { nil }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        do {
            try run(query, onRow)
            return eventLoop.makeSucceededVoidFuture()
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try run(query, onRow)
    }

    private func run(_ query: any SQLExpression, _ onRow: (any SQLRow) -> Void) throws {
        let (sql, binds) = serialize(query)
        let encoder = SQLiteDataEncoder()
        try handle.execute(sql, binds: try binds.map { try encoder.encode($0) }, onRow: onRow)
    }
}
