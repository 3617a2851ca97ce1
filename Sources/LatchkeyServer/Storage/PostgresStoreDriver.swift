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
    /// ``PostgresURL``) of up to `maximumConnections`, all kept open when `keepingAll` (see
    /// ``LatchkeyConfiguration/keepsDatabasePool``).
    static func open(
        url: String, maximumConnections: Int, keepingAll: Bool = false, logger: Logger, acquireTimeout: Duration, maximumQueuedWrites: Int
    ) throws -> PostgresStoreDriver {
        var configuration = try configuration(from: url)
        configuration.options.maximumConnections = maximumConnections
        configuration.options.minimumConnections = keepingAll ? maximumConnections : 0
        configuration.options.connectTimeout = .seconds(3)
        return PostgresStoreDriver(
            client: PostgresClient(configuration: configuration, backgroundLogger: logger), logger: logger,
            acquireTimeout: acquireTimeout, maximumQueuedWrites: maximumQueuedWrites)
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
            host: parsed.host, port: parsed.port, username: parsed.username, password: parsed.password,
            database: parsed.database, tls: parsed.clientTLS())
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await guarded { [client] leased in
            try await client.withConnection { connection in
                leased()
                return try await body(connection.sql())
            }
        }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await writing { [client, logger] leased in
            do {
                return try await client.withTransaction(logger: logger) { connection in
                    leased()
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
                leased()
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
        _ operation: @escaping @Sendable (_ leased: @escaping @Sendable () -> Void) async throws -> T
    ) async throws -> T {
        let waiting = try admitWrite()
        defer { waiting.stop() }
        return try await guarded { leased in
            try await operation {
                leased()
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
            guard waiting.withLockedValue({ was in defer { was = false }; return was }) else { return }
            count.withLockedValue { $0 -= 1 }
        }
    }

    /// Runs `operation` on a leased connection, turning "no connection within `acquireTimeout`"
    /// (database down, pool exhausted) into ``StoreUnavailable``. Once a connection is leased the
    /// operation runs to completion, however long it takes.
    private func guarded<T: Sendable>(
        _ operation: @escaping @Sendable (_ leased: @escaping @Sendable () -> Void) async throws -> T
    ) async throws -> T {
        let timeout = acquireTimeout
        let leased = NIOLockedValueBox(false)
        do {
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask { try await operation { leased.withLockedValue { $0 = true } } }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    if leased.withLockedValue({ $0 }) { try await Task.sleep(for: .seconds(86_400)) }
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let value = first else {
                    throw StoreUnavailable(underlying: CancellationError())
                }
                return value
            }
        } catch let error as PSQLError where Self.isConnectivity(error) {
            throw StoreUnavailable(underlying: error)
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
