import Foundation
import Logging
import PostgresNIO
import Testing

/// The stores the suite runs on: SQLite always; PostgreSQL when `LATCHKEY_TEST_POSTGRES_URL`
/// names a server (each test then gets a fresh database). With `LATCHKEY_REQUIRE_POSTGRES=1`
/// (as CI sets) a missing URL fails the PostgreSQL cases instead of leaving them out.
enum TestStore: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// The secret key every server of the suite seals secrets with (``LatchkeyConfiguration/secretKey``):
    /// PostgreSQL installations need one given, and a CLI command and the server it prepares must agree.
    static let secretKey = "bGF0Y2hrZXkgdGVzdCBzdWl0ZSBzZWNyZXQga2V5ISE="
    /// The environment of the suite's server and CLI processes: the suite's secret key, and a log
    /// of errors only (a test that reads more passes `--log-level`, which the environment yields to).
    static let processEnvironment = ProcessInfo.processInfo.environment.merging(
        ["LATCHKEY_SECRET_KEY": secretKey, "LATCHKEY_LOG_LEVEL": "error"]
    ) { $1 }

    static let adminURL = ProcessInfo.processInfo.environment["LATCHKEY_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static let required = ProcessInfo.processInfo.environment["LATCHKEY_REQUIRE_POSTGRES"] == "1"

    /// The stores to run each test on.
    static let enabled: [TestStore] = {
        if adminURL != nil || required { return [.sqlite, .postgres] }
        FileHandle.standardError.write(
            Data("⚠️  LATCHKEY_TEST_POSTGRES_URL is not set: PostgreSQL tests are NOT running (only SQLite).\n".utf8)
        )
        return [.sqlite]
    }()

    /// At most this many PostgreSQL-backed harnesses at once, so a 2-core machine is not asked to
    /// start a hundred databases and connection pools in the same second.
    static let slots = AsyncSemaphore(permits: 6)

    /// A new empty database on the test server; returns its URL.
    static func createDatabase() async throws -> String {
        guard let adminURL, var components = URLComponents(string: adminURL) else {
            throw PostgresUnavailable(message: "LATCHKEY_REQUIRE_POSTGRES=1 but LATCHKEY_TEST_POSTGRES_URL is not set")
        }
        let name = "lkt_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await admin { try await $0.query("CREATE DATABASE \(unescaped: name)", logger: $1) }
        components.path = "/" + name
        return components.string ?? adminURL
    }

    /// Drops a database made by ``createDatabase()``.
    static func dropDatabase(_ url: String) async {
        guard let name = URLComponents(string: url)?.path.dropFirst(), name.hasPrefix("lkt_") else { return }
        try? await admin { try await $0.query("DROP DATABASE IF EXISTS \(unescaped: String(name)) WITH (FORCE)", logger: $1) }
    }

    /// Runs statements on the admin database, or on the database at `url`.
    static func admin(_ url: String? = nil, _ body: (PostgresConnection, Logger) async throws -> Void) async throws {
        guard let adminURL, let components = URLComponents(string: url ?? adminURL), let host = components.host else {
            throw PostgresUnavailable(message: "no LATCHKEY_TEST_POSTGRES_URL")
        }
        let logger = Logger(label: "latchkey-test-admin")
        var configuration = PostgresConnection.Configuration(
            host: host,
            port: components.port ?? 5432,
            username: components.user ?? "postgres",
            password: components.password,
            database: components.path.split(separator: "/").first.map(String.init),
            tls: .disable
        )
        // A statement stuck behind a lock fails its test instead of holding the run.
        configuration.options.additionalStartupParameters = [("statement_timeout", "60s")]
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            try await body(connection, logger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    struct PostgresUnavailable: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

/// A counting semaphore for async code.
actor AsyncSemaphore {
    private var permits: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(permits: Int) { self.permits = permits }

    func acquire() async {
        if permits > 0 {
            permits -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty {
            permits += 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}
