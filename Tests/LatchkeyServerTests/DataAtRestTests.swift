import Crypto
import Foundation
import HTTPTypes
import Logging
import PostgresNIO
import Testing

@testable import LatchkeyServer

/// Data at rest: the data directory and its files are private to the server's user, and the
/// database holds no secret in clear — a copy of it (the SQLite files, a PostgreSQL dump) signs
/// no token and reveals no provider secret without the secret key kept outside it.
@Suite(.serialized) struct DataAtRestTests {
    private func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-rest-\(UUID().uuidString)").path
    }

    private func mode(_ path: String) throws -> Int {
        try #require((FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue) & 0o777
    }

    private func chmod(_ path: String, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    /// A fresh data directory is 0700 and every file in it 0600 — the write-ahead log after writes
    /// too, and the secret key generated on first start; a directory or file that others may
    /// access stops the next start, naming the path and the chmod that fixes it.
    @Test func dataDirectoryAndFilesArePrivateAndLooserOnesAreRefused() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let noKey = ["LATCHKEY_SECRET_KEY": ""]  // the embedded default: <data>/secret.key
        let server = try await ServerProcess(dataDirectory: directory, environment: noKey)
        let clientID = try #require(server.stdout.firstMatch(of: /client id: +(lk_[a-z0-9]+)/)?.1)
        let signUp = try await server.request(
            "POST",
            "/v1/auth/signup",
            json: ["username": "private", "password": "correct horse battery"],
            clientID: String(clientID)
        )
        #expect(signUp.status == .created)
        #expect(try mode(directory) == 0o700)
        for file in ["latchkey.sqlite", "latchkey.sqlite-wal", "latchkey.sqlite-shm", "secret.key"] {
            #expect(try mode(directory + "/" + file) == 0o600, "\(file)")
        }
        try await server.stop()

        for (path, loose, fix) in [
            (directory + "/latchkey.sqlite", 0o644, "chmod 600"), (directory + "/secret.key", 0o640, "chmod 600"),
            (directory, 0o755, "chmod 700"),
        ] {
            let kept = try mode(path)
            try chmod(path, loose)
            let refused = try await ServerProcess.refusal(dataDirectory: directory, environment: noKey)
            #expect(refused.status != 0)
            #expect(refused.output.contains("\(fix) '\(URL(fileURLWithPath: path).standardizedFileURL.path)'"), "\(refused.output)")
            try chmod(path, kept)
        }
        let again = try await ServerProcess(dataDirectory: directory, environment: noKey)
        #expect(try await again.request("GET", "/v1/hello").status == .ok)
        try await again.stop()
    }

    /// After writes, neither the SQLite files nor PostgreSQL's rows hold a signing key or a
    /// provider secret: no stored value decodes to the private key behind the JWKS.
    @Test(arguments: TestStore.enabled) func storedSecretsAreSealed(store: TestStore) async throws {
        let providerSecret = "fb-app-secret-" + UUID().uuidString
        let harness = try await TestHarness.make(store: store) { settings in
            settings.signInProviders.providers["facebook"] = ProviderSettings(kind: .facebook, clientIDs: ["fb-app"], clientSecret: providerSecret)
        }
        try await harness.run { client in
            _ = try await client.signUpUser("sealed")
            let jwks = try await client.send(.get, "/.well-known/jwks.json")
            let published = try #require(jwks.value("keys") as? [[String: Any]])
            let publicKeys = try published.map { key in
                try JWT.bytes(try #require(key["x"] as? String)) + JWT.bytes(try #require(key["y"] as? String))
            }
            let stored = try await StoredSecrets.read(harness)
            #expect(!stored.privateKeys.isEmpty)
            for value in stored.privateKeys {
                #expect(value.hasPrefix("sealed:v1:"))
                #expect(!StoredSecrets.revealsKey(value, publicKeys: publicKeys), "a stored value is the signing key")
            }
            #expect(!stored.everything.contains(providerSecret))
            #expect(!stored.everything.contains(StoredSecrets.derBase64Prefix))
            #expect(!stored.bytes.contains(StoredSecrets.derPrefix))
            // Still a working provider secret: the app reads it back opened.
            #expect(
                try await harness.backend.apps.find(harness.app.id)?.settings.signInProviders.providers["facebook"]?.clientSecret == providerSecret
            )
        }
    }

    /// The server restarts with the secret key it sealed with and refuses to start with another,
    /// or (PostgreSQL) with none: a clear message, not garbage or 500s later.
    @Test(arguments: TestStore.enabled) func anotherSecretKeyIsRefusedAtStart(store: TestStore) async throws {
        try await withProcessStore(store) { directory, arguments in
            let clientID = try await LatchkeyBinary.createApp("Keys", in: arguments).clientID
            let server = try await ServerProcess(dataDirectory: directory, extraArguments: arguments + sharedIssuer)
            let signUp = try await server.request(
                "POST",
                "/v1/auth/signup",
                json: ["username": "keeper", "password": "correct horse battery"],
                clientID: clientID
            )
            let access = try #require(signUp.string("session.accessToken"))
            try await server.stop()

            let other = Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }).base64EncodedString()
            let refused = try await ServerProcess.refusal(
                dataDirectory: directory,
                extraArguments: arguments,
                environment: ["LATCHKEY_SECRET_KEY": other]
            )
            #expect(refused.status != 0)
            #expect(refused.output.contains("sealed with secret key"), "\(refused.output)")
            let malformed = try await ServerProcess.refusal(
                dataDirectory: directory,
                extraArguments: arguments,
                environment: ["LATCHKEY_SECRET_KEY": "not a key"]
            )
            #expect(malformed.status != 0 && malformed.output.contains("openssl rand -base64 32"), "\(malformed.output)")
            if store == .postgres {
                let none = try await ServerProcess.refusal(
                    dataDirectory: directory,
                    extraArguments: arguments,
                    environment: ["LATCHKEY_SECRET_KEY": ""]
                )
                #expect(none.status != 0 && none.output.contains("needs a secret key"), "\(none.output)")
            }

            let restarted = try await ServerProcess(dataDirectory: directory, extraArguments: arguments + sharedIssuer)
            #expect(try await restarted.request("GET", "/v1/me", token: access).status == .ok)
            try await restarted.stop()
        }
    }

    /// An installation of an earlier version holds its signing key and provider secrets in
    /// clear: the first start with a secret key seals them in place, and tokens signed with the
    /// old key keep verifying — but the files no longer hold that key.
    @Test(arguments: TestStore.enabled) func secretsStoredInClearByAnEarlierVersionAreSealedOnStart(store: TestStore) async throws {
        try await withProcessStore(store) { directory, arguments in
            let created = try #require(try await LatchkeyBinary.json(["apps", "create", "--name", "Legacy"] + arguments) as? [String: Any])
            let app = try #require(created["app"] as? [String: Any])
            let clientID = try #require(app["clientId"] as? String)
            let server = try await ServerProcess(dataDirectory: directory, extraArguments: arguments + sharedIssuer)
            let signUp = try await server.request(
                "POST",
                "/v1/auth/signup",
                json: ["username": "veteran", "password": "correct horse battery"],
                clientID: clientID
            )
            let access = try #require(signUp.string("session.accessToken"))
            try await server.stop()

            // The earlier layout: one signing key as base64 DER, the provider secret in the settings JSON.
            let legacyKey = P256.Signing.PrivateKey()
            let providerSecret = "legacy-fb-secret-" + UUID().uuidString
            let parts = access.split(separator: ".").map(String.init)
            var header = try JWT.object(parts[0])
            header["kid"] = "legacy"
            let forged = try JWT.sign(header: header, payload: try JWT.object(parts[1]), key: legacyKey)
            let settings = try #require(app["settings"] as? [String: Any]).merging(
                ["providers": ["facebook": ["kind": "facebook", "clientIDs": ["fb-app"], "clientSecret": providerSecret]]]) { $1 }
            let settingsJSON = String(decoding: try JSONSerialization.data(withJSONObject: settings), as: UTF8.self)
            try await StoredSecrets.execute(
                store: store,
                directory: directory,
                arguments: arguments,
                [
                    "DELETE FROM signing_keys",
                    """
                    INSERT INTO signing_keys (kid, algorithm, private_key, created_at)
                    VALUES ('legacy', 'ES256', '\(legacyKey.derRepresentation.base64EncodedString())', \(Int(Date().timeIntervalSince1970)))
                    """,
                    "UPDATE apps SET settings = '\(settingsJSON)'",
                ]
            )

            let upgraded = try await ServerProcess(dataDirectory: directory, extraArguments: arguments + sharedIssuer)
            #expect(try await upgraded.request("GET", "/v1/me", token: forged).status == .ok)
            try await upgraded.stop()

            let stored = try await StoredSecrets.read(store: store, directory: directory, arguments: arguments)
            #expect(stored.privateKeys.allSatisfy { $0.hasPrefix("sealed:v1:") })
            #expect(!stored.everything.contains(legacyKey.derRepresentation.base64EncodedString()))
            #expect(!stored.bytes.contains(Array(legacyKey.derRepresentation)))
            #expect(!stored.bytes.contains(Array(legacyKey.rawRepresentation)))
            #expect(!stored.everything.contains(providerSecret))
            let shown = try #require(try await LatchkeyBinary.json(["apps", "providers", "list", clientID] + arguments) as? [String: Any])
            #expect((shown["facebook"] as? [String: Any])?["hasClientSecret"] as? Bool == true, "\(shown)")

            let restarted = try await ServerProcess(dataDirectory: directory, extraArguments: arguments + sharedIssuer)
            #expect(try await restarted.request("GET", "/v1/me", token: forged).status == .ok)
            try await restarted.stop()
        }
    }

    /// Runs `body` with a data directory and the CLI arguments that name the store: the embedded
    /// one in the directory, or a fresh PostgreSQL database (dropped afterwards).
    private func withProcessStore(_ store: TestStore, _ body: (String, [String]) async throws -> Void) async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard store == .postgres else { return try await body(directory, ["--data-dir", directory]) }
        let databaseURL = try await TestStore.createDatabase()
        do {
            try await body(directory, ["--database", databaseURL])
            await TestStore.dropDatabase(databaseURL)
        } catch {
            await TestStore.dropDatabase(databaseURL)
            throw error
        }
    }
}

/// What a store holds, read past the server: the SQLite files' bytes, or PostgreSQL's rows.
struct StoredSecrets {
    /// The `signing_keys.private_key` values.
    var privateKeys: [String]
    /// Every byte the store holds (the files) or returned (the rows).
    var bytes: [UInt8]
    /// ``bytes`` as text.
    var everything: String { String(decoding: bytes, as: UTF8.self) }

    /// The first bytes of a P-256 private key in PKCS#8 DER, as swift-crypto writes it, and their base64.
    static let derPrefix: [UInt8] = [0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d]
    static let derBase64Prefix = "MIGHAgEAMBMGByqGSM49"

    /// Whether `value`, or any 32 bytes of what it decodes to, is the private key of one of
    /// `publicKeys` (x ‖ y): a key someone who copied the database could sign with.
    static func revealsKey(_ value: String, publicKeys: [[UInt8]]) -> Bool {
        let candidates = [value, String(value.split(separator: ":").last ?? "")].compactMap { Data(base64Encoded: $0) }
        for bytes in candidates.map(Array.init) {
            if let key = try? P256.Signing.PrivateKey(derRepresentation: bytes), publicKeys.contains(Array(key.publicKey.rawRepresentation)) {
                return true
            }
            for start in stride(from: 0, through: bytes.count - 32, by: 1) where bytes.count >= 32 {
                if let key = try? P256.Signing.PrivateKey(rawRepresentation: bytes[start..<start + 32]),
                    publicKeys.contains(Array(key.publicKey.rawRepresentation))
                {
                    return true
                }
            }
        }
        return false
    }

    /// What the harness's store holds.
    static func read(_ harness: TestHarness) async throws -> StoredSecrets {
        if let url = harness.databaseURL {
            return try await read(store: .postgres, directory: harness.directory.path, arguments: ["--database", url])
        }
        return try await read(store: .sqlite, directory: harness.directory.path, arguments: [])
    }

    /// What the store holds: on SQLite every file in `directory` but the secret key (the files a
    /// backup of the database copies), on PostgreSQL every app's settings and every signing key.
    static func read(store: TestStore, directory: String, arguments: [String]) async throws -> StoredSecrets {
        let rows = try await query(
            store: store,
            directory: directory,
            arguments: arguments,
            "SELECT private_key AS value, 'key' AS kind FROM signing_keys UNION ALL SELECT settings AS value, 'app' AS kind FROM apps"
        )
        let privateKeys = rows.filter { $0.kind == "key" }.map(\.value)
        guard store == .sqlite else { return StoredSecrets(privateKeys: privateKeys, bytes: Array(rows.map(\.value).joined().utf8)) }
        var bytes: [UInt8] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) where file != "secret.key" {
            bytes += FileManager.default.contents(atPath: directory + "/" + file) ?? Data()
        }
        return StoredSecrets(privateKeys: privateKeys, bytes: bytes)
    }

    /// Runs statements straight on the store, as an earlier version or an intruder would.
    static func execute(store: TestStore, directory: String, arguments: [String], _ statements: [String]) async throws {
        for statement in statements { _ = try await query(store: store, directory: directory, arguments: arguments, statement) }
    }

    /// The `outbox.body` values, read straight from the harness's store.
    static func outboxBodies(_ harness: TestHarness) async throws -> [String] {
        try await outbox("body", harness)
    }

    /// The outbox's subjects (emails have them), straight from the store.
    static func outboxSubjects(_ harness: TestHarness) async throws -> [String] {
        try await outbox("subject", harness)
    }

    /// The outbox's non-null `column` values, straight from the store.
    private static func outbox(_ column: String, _ harness: TestHarness) async throws -> [String] {
        let (store, arguments): (TestStore, [String]) = harness.databaseURL.map { (.postgres, ["--database", $0]) } ?? (.sqlite, [])
        return try await query(
            store: store,
            directory: harness.directory.path,
            arguments: arguments,
            "SELECT \(column) AS value, 'outbox' AS kind FROM outbox WHERE \(column) IS NOT NULL"
        ).map(\.value)
    }

    /// Rows of `value` and `kind` columns that `sql` selects, straight from the store.
    private static func query(
        store: TestStore,
        directory: String,
        arguments: [String],
        _ sql: String
    ) async throws
        -> [(value: String, kind: String)]
    {
        if store == .postgres, let index = arguments.firstIndex(of: "--database") {
            var rows: [(value: String, kind: String)] = []
            try await TestStore.admin(arguments[index + 1]) { connection, logger in
                for try await (value, kind) in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
                    .decode((String, String).self)
                {
                    rows.append((value, kind))
                }
            }
            return rows
        }
        // Through the server's own SQLite: a second SQLite library in the process would drop the
        // server's file locks when it closed the file.
        let handle = try SQLiteHandle(path: directory + "/latchkey.sqlite", busyTimeoutMilliseconds: 10_000)
        defer { handle.close() }
        var rows: [(value: String, kind: String)] = []
        try handle.execute(sql, binds: []) { row in
            rows.append((Self.text(row, "value"), Self.text(row, "kind")))
        }
        return rows
    }

    /// A column's text, or "" where it holds none.
    private static func text(_ row: SQLiteValuesRow, _ column: String) -> String {
        (try? row.decode(column: column, as: String?.self)) ?? ""
    }
}
