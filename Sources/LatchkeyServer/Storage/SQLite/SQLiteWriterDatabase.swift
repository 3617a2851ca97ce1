import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit

/// The writer connection as an SQLKit database: statements run synchronously, on the calling
/// thread, through ``SQLiteHandle``'s statement cache.
///
/// Only the group committer calls it, and only from the writer's ``DedicatedThreadExecutor``, so
/// one transaction's statements run back to back on one thread with no hop between them.
struct SQLiteWriterDatabase: SQLDatabase {
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
