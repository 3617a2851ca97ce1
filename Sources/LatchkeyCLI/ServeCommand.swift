public import ArgumentParser
import Foundation
import Hummingbird
import LatchkeyServer
import Logging
import ServiceLifecycle

/// `latchkey serve`: runs the server; on a new installation creates the first app and the first
/// operator (an owner) and prints their credentials once.
///
/// Its settings are ``ServerSetting/all``: flags, `LATCHKEY_*` variables or a `--config` file, read
/// through ``SettingOptions``. Secrets (the webhook secret, Twilio's auth token, the metrics
/// token, the secret key) come from the environment or a file only, so they never show in a
/// process listing. SIGHUP reloads the settings (and the TLS certificate).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Run the server.", discussion: SettingOptions.help)

    @OptionGroup var settings: SettingOptions
    @Option(
        name: .customLong("ready-file"),
        help: "Once listening, write one JSON line here: {\"url\", \"port\", \"pid\"} (for scripts and tests)."
    )
    var readyFile: String?

    func run() async throws {
        let sources = try await settings.sources()
        let configuration = try sources.resolve().configuration
        if configuration.backupDirectory != nil, configuration.databaseURL != nil {
            throw ValidationError("backup-dir backs up the embedded SQLite store; on PostgreSQL use pg_dump or point-in-time recovery")
        }
        // Before anything is opened or bound: a refused configuration leaves no trace.
        if let problem = configuration.delivery.servingProblem(host: configuration.host) {
            throw ConfigurationProblem(description: problem)
        }
        let level = LogLevelControl(configuration.logLevel)
        LoggingSystem.bootstrap { [format = configuration.logFormat] in DeferredMetadataLogHandler(label: $0, format: format, level: level) }
        let logger = Logger(label: "latchkey")
        let reload = SettingsReloadService(sources: sources, running: configuration, logger: logger) { level.current = $0.logLevel }

        let tracing = try configuration.otlpTracesEndpoint.map(OTLPTracing.bootstrap(endpoint:))

        // Held until the process ends: a restore refuses to replace the database under it.
        let lock = try configuration.databaseURL == nil ? InstallationLock(dataDirectory: configuration.dataDirectory, purpose: .serving) : nil
        defer { withExtendedLifetime(lock) {} }
        let backend = try await LatchkeyBackend.open(configuration, logger: logger)
        // Printed once listening: the addresses need the port bound under `--port 0`.
        let app = try await backend.createFirstAppIfNeeded(name: "My App")
        let owner = try await backend.operators.createFirstIfNeeded()
        let data = configuration.dataLocation
        let base = "\(configuration.scheme)://\(configuration.host)"
        let readyFile = readyFile
        do {
            let services: [any Service] = [reload] + (tracing.map { [$0] } ?? [])
            let server = try LatchkeyServer.application(backend: backend, logger: logger, services: services) {
                [logger] port in
                let url = "\(base):\(port)"
                let banner = StartBanner(url: url, data: data, console: "\(backend.issuerURL)/console", app: app, owner: owner)
                print(banner.text)
                fflush(nil)
                if let readyFile { Self.announce(url: url, port: port, to: readyFile, logger: logger) }
            }
            try await server.runService()
        } catch {
            await backend.shutdown()
            throw error
        }
        await backend.shutdown()
    }
}

extension ServeCommand {
    /// Writes the ready line to a temporary file and renames it into place, so a reader sees the
    /// whole line or no file.
    static func announce(url: String, port: Int, to path: String, logger: Logger) {
        let line = #"{"url":"\#(url)","port":\#(port),"pid":\#(getpid())}"# + "\n"
        let temporary = path + ".tmp"
        do {
            try Data(line.utf8).write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            logger.error("could not write the ready file", metadata: ["path": "\(path)", "error": "\(error)"])
        }
    }
}
