import ArgumentParser
import Foundation
import LatchkeyServer
import Logging

/// Where the installation's data lives; every command takes these. Their names, help and variables
/// are ``ServerSetting/store``'s, and they are read like `serve`'s: flags, then the environment,
/// then the `--config` file.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: "A JSON or YAML configuration file (env LATCHKEY_CONFIG).")
    var configFile: String?

    @Option(name: .customLong("data-dir"), help: Self.help("data-dir"))
    var dataDirectory: String?

    @Option(name: .customLong("database"), help: Self.help("database"))
    var databaseURL: String?

    @Option(name: .customLong("database-pool-size"), help: Self.help("database-pool-size"))
    var databasePoolSize: String?

    @Option(name: .customLong("secret-key-file"), help: Self.help("secret-key-file"))
    var secretKeyFile: String?

    private static func help(_ name: String) -> ArgumentHelp {
        guard let setting = ServerSetting.named(name) else { return ArgumentHelp() }
        return ArgumentHelp("\(setting.help) (env \(setting.variable))")
    }

    /// The configuration: defaults, then the configuration file, then `LATCHKEY_*` environment,
    /// then these flags.
    func configuration() async throws -> LatchkeyConfiguration {
        let flags: [(String, String?)] = [
            ("data-dir", dataDirectory), ("database", databaseURL), ("database-pool-size", databasePoolSize),
            ("secret-key-file", secretKeyFile),
        ]
        let environment = ProcessInfo.processInfo.environment
        let sources = try await SettingSources(
            arguments: flags.flatMap { name, value in value.map { ["--\(name)=\($0)"] } ?? [] },
            environment: environment,
            configFile: configFile
        )
        return try sources.resolve().configuration
    }

    /// Opens the backend, runs `body`, and closes it.
    func withBackend<T>(_ body: (LatchkeyBackend) async throws -> T) async throws -> T {
        var logger = Logger(label: "latchkey")
        logger.logLevel = .warning
        let backend = try await LatchkeyBackend.open(try await configuration(), logger: logger)
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
