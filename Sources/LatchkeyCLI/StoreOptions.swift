import ArgumentParser
import Foundation
import LatchkeyServer
import Logging

/// Where the installation's data lives; every command takes these.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Data directory (default ./latchkey-data, env LATCHKEY_DATA_DIR).")
    var dataDirectory: String?

    @Option(name: .customLong("database"), help: "PostgreSQL URL instead of the embedded SQLite (env LATCHKEY_DATABASE_URL).")
    var databaseURL: String?

    @Option(name: .customLong("database-pool-size"), help: "Most PostgreSQL connections per process (default 16).")
    var databasePoolSize: Int?

    @Option(
        name: .customLong("secret-key-file"),
        help:
            "File with the key that seals secrets at rest (env LATCHKEY_SECRET_KEY_FILE, or the key itself in LATCHKEY_SECRET_KEY; default DATA_DIR/secret.key on SQLite)."
    )
    var secretKeyFile: String?

    /// The configuration: defaults, then `LATCHKEY_*` environment, then these flags.
    func configuration() -> LatchkeyConfiguration {
        var configuration = LatchkeyConfiguration()
        configuration.applyEnvironment()
        if let dataDirectory { configuration.dataDirectory = dataDirectory }
        if let databaseURL { configuration.databaseURL = databaseURL }
        if let databasePoolSize { configuration.databasePoolSize = databasePoolSize }
        if let secretKeyFile {
            configuration.secretKeyFile = secretKeyFile
            configuration.secretKey = nil
        }
        return configuration
    }

    /// Opens the backend, runs `body`, and closes it.
    func withBackend<T>(_ body: (LatchkeyBackend) async throws -> T) async throws -> T {
        var logger = Logger(label: "latchkey")
        logger.logLevel = .warning
        let backend = try await LatchkeyBackend.open(configuration(), logger: logger)
        do {
            let value = try await body(backend)
            await backend.shutdown()
            return value
        } catch {
            await backend.shutdown()
            throw error
        }
    }
}

/// `--json` for machine-readable output.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print machine-readable JSON.")
    var json = false

    /// Prints `value` as JSON, or `text` for people.
    func print(_ value: some Encodable, text: @autoclosure () -> String) throws {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
        } else {
            Swift.print(text())
        }
    }
}
