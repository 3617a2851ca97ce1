import Foundation
import Logging
import NIOConcurrencyHelpers
import PostgresKit
import PostgresNIO
import SQLKit

/// The scale-out store: PostgreSQL through a pooled `PostgresClient`. Every node of a cluster
/// points at the same database; nothing a request depends on lives in one node's memory alone.
///
/// Operations that cannot get a connection within `acquireTimeout` (the database is down or
/// overloaded) fail with ``StoreUnavailable``, which the API answers with 503; the pool keeps
/// reconnecting, so the node recovers by itself. A write that finds `maximumQueuedWrites` others
/// still waiting for a connection fails at once with ``StoreOverloaded``.
final class PostgresStoreDriver: StoreDriver, PreparedStatementRunner {
    let family = SQLFamily.postgres
    private let client: PostgresClient
    private let runner: Task<Void, Never>
    private let logger: Logger
    private let acquireTimeout: Duration
    private let maximumQueuedWrites: Int
    private let waitingWrites = NIOLockedValueBox(0)
    private let operations = PostgresOperationWatch()

    private init(client: PostgresClient, logger: Logger, acquireTimeout: Duration, maximumQueuedWrites: Int) {
        self.client = client
        self.logger = logger
        self.acquireTimeout = acquireTimeout
        self.maximumQueuedWrites = maximumQueuedWrites
        self.runner = Self.run(client)
    }

    /// Runs the pool. The task starts on this thread and runs until its first suspension, so the
    /// client counts as running before anything can lease from it (a lease made earlier waits, and
    /// PostgresNIO warns of it).
    private static func run(_ client: PostgresClient) -> Task<Void, Never> {
        if #available(macOS 26, iOS 26, tvOS 26, *) {
            Task.immediate { await client.run() }
        } else {
            Task { await client.run() }
        }
    }

    /// A pool for `url` (`postgres://user:password@host:port/database?sslmode=…`, see
    /// ``PostgresURL``) of up to `maximumConnections`, opened as load asks and each closed after
    /// a minute idle.
    ///
    /// Why no minimum kept open, though every connection given back beyond the minimum arms an
    /// idle timer (a task and a timer per statement): PostgresNIO 1.33.2's pool forgets the
    /// connections whose reconnects failed while the database was away, stays under its minimum,
    /// and stops the process with a failed precondition at the next lease it has no connection
    /// for (ClusterTests/aNodeUnderLoadOutlivesRepeatedOutages). With no minimum it cannot.
    static func open(
        url: String,
        maximumConnections: Int,
        logger: Logger,
        acquireTimeout: Duration,
        maximumQueuedWrites: Int
    ) throws -> PostgresStoreDriver {
        var configuration = try configuration(from: url)
        configuration.options.maximumConnections = maximumConnections
        configuration.options.minimumConnections = 0
        configuration.options.connectTimeout = .seconds(3)
        return PostgresStoreDriver(
            client: PostgresClient(configuration: configuration, backgroundLogger: logger),
            logger: logger,
            acquireTimeout: acquireTimeout,
            maximumQueuedWrites: maximumQueuedWrites
        )
    }

    /// Connects once outside the pool, so a node that cannot reach the database — or whose TLS
    /// settings the database's certificate does not meet — stops at start with the reason,
    /// instead of the pool retrying until its circuit breaker trips.
    static func probe(url: String, logger: Logger) async throws {
        let parsed = try PostgresURL(url)
        do {
            let connection = try await PostgresConnection.connect(configuration: try parsed.connectionConfiguration(), id: 0, logger: logger)
            try await connection.close()
        } catch {
            throw DatabaseUnreachable(host: parsed.host, port: parsed.port, reason: String(reflecting: error))
        }
    }

    /// Parses a PostgreSQL URL into a client configuration.
    static func configuration(from url: String) throws -> PostgresClient.Configuration {
        let parsed = try PostgresURL(url)
        return PostgresClient.Configuration(
            host: parsed.host,
            port: parsed.port,
            username: parsed.username,
            password: parsed.password,
            database: parsed.database,
            tls: parsed.clientTLS()
        )
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await guarded { [client] leased in
            try await client.withConnection { connection in
                leased(connection)
                return try await body(connection.sql())
            }
        }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await writing { [client, logger] leased in
            do {
                return try await client.withTransaction(logger: logger) { connection in
                    leased(connection)
                    return try await body(connection.sql())
                }
            } catch let error as PostgresTransactionError {
                // Surface what actually failed: the body's own error (a typed API error, a unique
                // violation), else the failed BEGIN or COMMIT.
                throw error.closureError ?? error.beginError ?? error.commitError ?? error
            }
        }
    }

    func writeStatement<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await writingOnConnection { connection in try await body(connection.sql()) }
    }

    var preparedStatements: (any PreparedStatementRunner)? { self }

    func writePrepared<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row]
    where Statement.Row: Sendable {
        try await writingOnConnection { [logger] connection in
            var rows: [Statement.Row] = []
            for try await row in try await connection.execute(statement, logger: logger) { rows.append(row) }
            return rows
        }
    }

    /// Runs `body` on a leased connection as one write outside a transaction (see ``writing(_:)``).
    private func writingOnConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await writing { [client] leased in
            try await client.withConnection { connection in
                leased(connection)
                return try await body(connection)
            }
        }
    }

    func withMigrationLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            let database = connection.sql()
            try await database.raw("SELECT pg_advisory_lock(\(bind: Self.migrationLockKey))").run()
            do {
                let value = try await body()
                try await database.raw("SELECT pg_advisory_unlock(\(bind: Self.migrationLockKey))").run()
                return value
            } catch {
                try? await database.raw("SELECT pg_advisory_unlock(\(bind: Self.migrationLockKey))").run()
                throw error
            }
        }
    }

    func isUniqueViolation(_ error: any Error, of key: UniqueKey) -> Bool {
        guard let error = error as? PSQLError, error.serverInfo?[.sqlState] == "23505" else { return false }
        return error.serverInfo?[.constraintName] == key.name
    }

    func shutdown() async {
        runner.cancel()
        await runner.value
    }

    /// Runs a write admitted by ``admitWrite()``, counted as waiting until it calls `leased`.
    private func writing<T: Sendable>(
        _ operation: @escaping @Sendable (_ leased: @escaping @Sendable (PostgresConnection) -> Void) async throws -> T
    ) async throws -> T {
        let waiting = try admitWrite()
        defer { waiting.stop() }
        return try await guarded { leased in
            try await operation { connection in
                leased(connection)
                waiting.stop()
            }
        }
    }

    /// Counts a write as waiting for a connection, or refuses it when `maximumQueuedWrites` already wait.
    private func admitWrite() throws -> WaitingWrite {
        let admitted = waitingWrites.withLockedValue { count -> Bool in
            guard count < maximumQueuedWrites else { return false }
            count += 1
            return true
        }
        guard admitted else { throw StoreOverloaded() }
        return WaitingWrite(count: waitingWrites)
    }

    /// One admitted write until it has a connection (or fails without one).
    private struct WaitingWrite: Sendable {
        let count: NIOLockedValueBox<Int>
        let waiting = NIOLockedValueBox(true)

        /// Stops counting the write as waiting; only the first call counts.
        func stop() {
            guard
                waiting.withLockedValue({ was in
                    defer { was = false }
                    return was
                })
            else { return }
            count.withLockedValue { $0 -= 1 }
        }
    }

    /// Runs `operation` on a leased connection, turning "no connection within `acquireTimeout`"
    /// (database down, pool exhausted) into ``StoreUnavailable``. Once a connection is leased the
    /// operation runs to completion, however long it takes, unless the connection closes under
    /// it: then it answers ``StoreUnavailable`` 1–1.25 s later, without waiting for the
    /// operation. ``PostgresOperationWatch`` keeps both times for every operation at once.
    ///
    /// Why not wait for it: PostgresNIO 1.33.2 hands a statement to its connection's channel with
    /// no promise for the write, so a statement written just after the server ended the
    /// connection (a restart, `pg_terminate_backend`) is never answered, and its caller would
    /// wait for good (ClusterTests/aNodeUnderLoadOutlivesRepeatedOutages). The operation runs in
    /// a task of its own so that nothing has to wait for it.
    private func guarded<T: Sendable>(
        _ operation: @escaping @Sendable (_ leased: @escaping @Sendable (PostgresConnection) -> Void) async throws -> T
    ) async throws -> T {
        let outcome = FirstResult<T>()
        let ticket = operations.begin(timeout: acquireTimeout) { outcome.finish(.failure($0)) }
        defer { operations.end(ticket) }
        let work = Task { [operations] in
            do {
                outcome.finish(.success(try await operation { operations.leased($0, for: ticket) }))
            } catch {
                // Whatever stopped it before it had a connection (the pool's circuit breaker, a
                // cancelled wait, a failed BEGIN) means no connection, as does a lost one.
                let leased = operations.hasConnection(ticket)
                let lost = (error as? PSQLError).map(Self.isConnectivity) ?? false
                outcome.finish(.failure(!leased || lost ? StoreUnavailable(underlying: error) : error))
            }
        }
        operations.attach(work, to: ticket)
        return try await withTaskCancellationHandler {
            try await outcome.value
        } onCancel: {
            work.cancel()
        }
    }

    /// Errors that mean "no usable connection", as opposed to a failing statement.
    private static func isConnectivity(_ error: PSQLError) -> Bool {
        guard let state = error.serverInfo?[.sqlState] else { return true }
        return state.hasPrefix("08") || state.hasPrefix("53") || state.hasPrefix("57")
    }

    private static let migrationLockKey: Int64 = 0x4C61_7463_686B_6579  // "Latchkey"
}

/// The database could not be reached at start.
public struct DatabaseUnreachable: Error, CustomStringConvertible {
    /// Where it was looked for.
    public var host: String
    public var port: Int
    /// Why the connection failed (a refused connection, a certificate that does not verify, …).
    public var reason: String
    public var description: String { "cannot connect to PostgreSQL at \(host):\(port): \(reason)" }
}

/// The database URL cannot be used.
public struct InvalidDatabaseURL: Error, CustomStringConvertible {
    /// The URL given.
    public var url: String
    /// What is wrong with it, when more is known than its shape.
    public var reason: String?

    /// An unusable URL (its credentials are never shown).
    public init(url: String, reason: String? = nil) {
        self.url = url
        self.reason = reason
    }

    public var description: String {
        let shown = url.split(separator: "@").last ?? ""
        guard let reason else { return "invalid database URL (expected postgres://user:password@host:port/database): \(shown)" }
        return "invalid database URL: \(reason): \(shown)"
    }
}
