public import PostgresNIO
public import SQLKit

/// The database under every store: reads on a reader, writes in a transaction.
///
/// Stores write their SQL once with SQLKit binds; a driver supplies the dialect (SQLite now,
/// PostgreSQL for scale-out). `write` runs its body in one transaction: all of it lands or none.
public protocol StoreDriver: Sendable {
    /// The SQL dialect's family, for the few statements that differ.
    var family: SQLFamily { get }
    /// Runs `body` on a connection that sees committed data.
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    /// Runs `body` once, in one transaction; commits when it returns, rolls back when it throws.
    /// Drivers never replay a body, so work outside the database in it (a counter, a log line)
    /// happens once — but it happens even when the commit then fails: anything that must follow
    /// the commit belongs after `write` returns.
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    /// Runs `body`, which issues one statement, on a writer's connection without `BEGIN` and
    /// `COMMIT` around it: on PostgreSQL the statement is its own transaction, one round trip
    /// instead of three. It records no changes (``ChangeFeed`` needs `write`). SQLite runs it as a
    /// `write`, inside its batched transactions.
    func writeStatement<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    /// The PostgreSQL store's named prepared statements; `nil` on SQLite. The request path's
    /// hottest PostgreSQL-only statement (a refresh's claim) runs through it.
    var preparedStatements: (any PreparedStatementRunner)? { get }
    /// Runs `body` while holding a lock that other processes migrating the same database wait for.
    func withMigrationLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T
    /// Whether `error` is a violation of `key`.
    func isUniqueViolation(_ error: any Error, of key: UniqueKey) -> Bool
    /// Closes every connection.
    func shutdown() async
}

/// Runs PostgreSQL named prepared statements: the server parses and plans each once per
/// connection instead of once per call, and the client skips SQLKit's serialization and the
/// statement's description round.
public protocol PreparedStatementRunner: Sendable {
    /// Runs `statement` on a writer's connection without `BEGIN` and `COMMIT` around it (it is its
    /// own transaction, as with ``StoreDriver/writeStatement(_:)``) and returns its rows.
    func writePrepared<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row]
    where Statement.Row: Sendable
}

extension StoreDriver {
    public var preparedStatements: (any PreparedStatementRunner)? { nil }
}

/// Which SQL dialect a driver speaks.
public enum SQLFamily: String, Sendable {
    case sqlite
    case postgres
}

/// A database failure the API reports as `503 service_unavailable` rather than a 500. Each
/// driver marks its own error types, so nothing above the storage layer names a database library.
protocol StoreFailure: Error {}

/// No connection could be had in time (database down, pool exhausted).
struct StoreUnavailable: StoreFailure {
    var underlying: any Error
}

/// Too many writes are already waiting for the database: refused at once rather than queued.
struct StoreOverloaded: StoreFailure {}

extension StoreDriver {
    /// The clause that locks selected rows until the transaction ends. SQLite needs none: its
    /// single writer already serializes write transactions.
    var lockForUpdate: String { family == .postgres ? " FOR UPDATE" : "" }

    /// The clause that locks selected rows against other lockers until the transaction ends but,
    /// unlike ``lockForUpdate``, not against foreign-key checks of rows that point at them.
    var lockAgainstLockers: String { family == .postgres ? " FOR NO KEY UPDATE" : "" }

    /// The clause that keeps selected rows from changing until the transaction ends while letting
    /// other readers take the same lock: the weakest lock, the one a foreign-key check takes.
    var lockAgainstChanges: String { family == .postgres ? " FOR KEY SHARE" : "" }
}

/// A driver that adds something around another's calls (recording changes, tracing); every call it
/// does not implement passes through to `base`.
protocol StoreDriverWrapper: StoreDriver {
    var base: any StoreDriver { get }
}

extension StoreDriverWrapper {
    var family: SQLFamily { base.family }

    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await base.read(body)
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await base.write(body)
    }

    func writeStatement<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await base.writeStatement(body)
    }

    var preparedStatements: (any PreparedStatementRunner)? { base.preparedStatements }

    func withMigrationLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await base.withMigrationLock(body)
    }

    func isUniqueViolation(_ error: any Error, of key: UniqueKey) -> Bool {
        base.isUniqueViolation(error, of: key)
    }

    func shutdown() async {
        await base.shutdown()
    }
}
