import PostgresNIO
import SQLKit
import Tracing

/// A driver that wraps each store call (a read, a transaction, a single statement) in a client
/// span, a child of the request's. In the chain only while tracing is on (``OTLPTracing``).
struct TracingStoreDriver: StoreDriverWrapper {
    let base: any StoreDriver

    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await traced("db.read") { try await base.read(body) }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await traced("db.write") { try await base.write(body) }
    }

    func writeStatement<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await traced("db.statement") { try await base.writeStatement(body) }
    }

    var preparedStatements: (any PreparedStatementRunner)? {
        base.preparedStatements.map { TracingPreparedStatements(base: $0, driver: self) }
    }

    /// Only calls made for a request (or other traced work) get a span: the background's own
    /// (key reloads, the janitor, change-feed polls) would bury the requests' traces in roots.
    fileprivate func traced<T>(_ name: String, _ call: () async throws -> T) async throws -> T {
        guard ServiceContext.current != nil else { return try await call() }
        return try await withSpan(name, ofKind: .client) { span in
            span.attributes["db.system.name"] = family == .postgres ? "postgresql" : "sqlite"
            return try await call()
        }
    }
}

/// The PostgreSQL store's prepared statements, each run in a `db.statement` span.
private struct TracingPreparedStatements: PreparedStatementRunner {
    let base: any PreparedStatementRunner
    let driver: TracingStoreDriver

    func writePrepared<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row]
    where Statement.Row: Sendable {
        try await driver.traced("db.statement") { try await base.writePrepared(statement) }
    }
}
