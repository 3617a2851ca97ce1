import Foundation
import HTTPTypes
import PostgresNIO
import Testing

/// TLS to PostgreSQL: `sslmode` means what it means to libpq, and an unknown value is refused
/// rather than read as a weaker one.
struct PostgresTLSTests {
    @Test func unknownSSLModesAreRefused() async throws {
        for mode in ["verify_full", "verifyfull", "VERIFY-FULL", "", "on"] {
            let refused = try await LatchkeyBinary.run(["migrate", "--database", "postgres://latchkey@127.0.0.1:1/db?sslmode=\(mode)"])
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("unknown sslmode \"\(mode)\""), "\(refused.stderr)")
        }
    }
}

/// `verify-full` and its neighbours against a real PostgreSQL with TLS on, whose certificate (from
/// `.ci/postgres-tls-certs`) names only `localhost`: `LATCHKEY_TEST_POSTGRES_TLS_URL`
/// (an admin URL on that server), `LATCHKEY_TEST_POSTGRES_TLS_CA` (its CA) and
/// `LATCHKEY_TEST_POSTGRES_TLS_OTHER_CA` (an unrelated CA). CI sets them; with
/// `LATCHKEY_REQUIRE_POSTGRES=1` they must be set.
@Suite(.enabled(if: PostgresTLSServer.configured || TestStore.required))
struct PostgresTLSServerTests {
    @Test func verifyFullChecksTheChainAndTheName() async throws {
        let server = try PostgresTLSServer()
        let name = "lkt_tls_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await TestStore.admin(server.adminURL) { try await $0.query("CREATE DATABASE \(unescaped: name)", logger: $1) }
        let drop = {
            try? await TestStore.admin(server.adminURL) { try await $0.query("DROP DATABASE IF EXISTS \(unescaped: name) WITH (FORCE)", logger: $1) }
        }
        do {
            try await check(server, database: name)
            await drop()
        } catch {
            await drop()
            throw error
        }
    }

    private func check(_ server: PostgresTLSServer, database name: String) async throws {
        let cases: [(host: String, query: String, connects: Bool)] = [
            ("localhost", "sslmode=verify-full&sslrootcert=\(server.ca)", true),
            ("localhost", "sslmode=verify-full&sslrootcert=\(server.otherCA)", false),  // another CA
            ("127.0.0.1", "sslmode=verify-full&sslrootcert=\(server.ca)", false),  // not the certificate's name
            ("127.0.0.1", "sslmode=verify-ca&sslrootcert=\(server.ca)", true),  // the name is not checked
            ("localhost", "sslmode=verify-ca&sslrootcert=\(server.otherCA)", false),
            ("localhost", "sslmode=verify-full", false),  // the system roots do not know this CA
            ("127.0.0.1", "sslmode=require", true),  // encrypted, not verified (libpq)
            ("127.0.0.1", "sslmode=require&sslrootcert=\(server.otherCA)", false),  // with a root: as verify-ca
            ("127.0.0.1", "", true),  // the default, prefer
        ]
        for (host, query, connects) in cases {
            let url = server.url(host: host, database: name, query: query)
            let result = try await LatchkeyBinary.run(["migrate", "--database", url])
            #expect((result.status == 0) == connects, "\(host) \(query): \(result.stderr)")
        }

        // A server on verify-full: its pool and its LISTEN connection use TLS.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-tls-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let url = server.url(host: "localhost", database: name, query: "sslmode=verify-full&sslrootcert=\(server.ca)")
        let clientID = try await LatchkeyBinary.createApp("TLS", in: ["--database", url]).clientID
        let node = try await ServerProcess(dataDirectory: directory, extraArguments: ["--database", url])
        let signUp = try await node.request(
            "POST",
            "/v1/auth/signup",
            json: ["username": "tls", "password": "correct horse battery"],
            clientID: clientID
        )
        #expect(signUp.status == .created)
        var plain = -1
        var encrypted = -1
        try await TestStore.admin(server.adminURL) { connection, logger in
            let rows = try await connection.query(
                """
                SELECT count(*) FILTER (WHERE NOT s.ssl), count(*) FILTER (WHERE s.ssl)
                FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid) WHERE a.datname = \(name)
                """,
                logger: logger
            )
            for try await (withoutTLS, withTLS) in rows.decode((Int, Int).self) { (plain, encrypted) = (withoutTLS, withTLS) }
        }
        #expect(plain == 0)
        #expect(encrypted >= 2, "the pool and the LISTEN connection")
        try await node.stop()
    }
}

/// The TLS-enabled PostgreSQL server the CI configures (see ``PostgresTLSServerTests``).
struct PostgresTLSServer {
    static let environment = ProcessInfo.processInfo.environment
    static var configured: Bool { environment["LATCHKEY_TEST_POSTGRES_TLS_URL"].map { !$0.isEmpty } ?? false }

    let adminURL: String
    let ca: String
    let otherCA: String

    init() throws {
        guard let adminURL = Self.environment["LATCHKEY_TEST_POSTGRES_TLS_URL"], !adminURL.isEmpty,
            let ca = Self.environment["LATCHKEY_TEST_POSTGRES_TLS_CA"], let otherCA = Self.environment["LATCHKEY_TEST_POSTGRES_TLS_OTHER_CA"]
        else {
            throw TestStore.PostgresUnavailable(
                message: "LATCHKEY_REQUIRE_POSTGRES=1 but LATCHKEY_TEST_POSTGRES_TLS_URL, _TLS_CA and _TLS_OTHER_CA are not all set"
            )
        }
        self.adminURL = adminURL
        self.ca = ca
        self.otherCA = otherCA
    }

    /// A URL of `database` on this server, reached as `host`, with `query`.
    func url(host: String, database: String, query: String) -> String {
        var components = URLComponents(string: adminURL) ?? URLComponents()
        components.host = host
        components.path = "/" + database
        components.query = query.isEmpty ? nil : query
        return components.string ?? adminURL
    }
}
