public import ArgumentParser
import Foundation
import Hummingbird
import LatchkeyServer
import Logging

/// `latchkey serve`: runs the server; on a new installation creates the first app and the first
/// operator (an owner) and prints their credentials once.
///
/// Secrets (the webhook secret, Twilio's auth token, the metrics token) come from the environment
/// or a file only, so they never show in a process listing.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Run the server.")

    @OptionGroup var store: StoreOptions
    @OptionGroup(title: "Backups") var backups: BackupScheduleOptions
    @Option(help: "Address to bind (default 127.0.0.1, env LATCHKEY_HOST).") var host: String?
    @Option(help: "Port to bind (default 8080, env LATCHKEY_PORT; 0 picks a free port).") var port: Int?
    @Option(name: .customLong("public-url"), help: "Public base URL, the tokens' issuer (env LATCHKEY_PUBLIC_URL).")
    var publicURL: String?
    @Option(name: .customLong("trusted-proxy"), help: "A proxy IP whose X-Forwarded-For is trusted (repeatable).")
    var trustedProxies: [String] = []
    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error (default info).")
    var logLevel: String = "info"
    @Option(name: .customLong("sms-sender"), help: "log, webhook or twilio (default log, env LATCHKEY_SMS_SENDER).")
    var smsSender: MessageSenderKind?
    @Option(name: .customLong("email-sender"), help: "log or webhook (default log, env LATCHKEY_EMAIL_SENDER).")
    var emailSender: MessageSenderKind?
    @Option(
        name: .customLong("tls-cert"),
        help: "PEM certificate chain: serve HTTPS (HTTP/2 and HTTP/1.1) without a proxy; reloaded on SIGHUP (env LATCHKEY_TLS_CERT)."
    )
    var tlsCertificate: String?
    @Option(name: .customLong("tls-key"), help: "PEM private key of --tls-cert (env LATCHKEY_TLS_KEY).")
    var tlsKey: String?
    @Option(name: .customLong("webhook-url"), help: "Where the webhook sender POSTs (env LATCHKEY_WEBHOOK_URL).")
    var webhookURL: String?
    @Flag(
        name: .customLong("allow-log-sender"),
        help: "Allow the log sender (live PINs and links in the log) on an address other than loopback (env LATCHKEY_ALLOW_LOG_SENDER=1)."
    )
    var allowLogSender = false
    @Option(
        name: .customLong("idle-timeout"),
        help: "Seconds a connection may idle, or take to send a request head, before it is closed (default 15, env LATCHKEY_IDLE_TIMEOUT)."
    )
    var idleTimeout: Double?
    @Option(
        name: .customLong("max-queued-writes"),
        help: "Writes that may wait for the SQLite writer before 503 (default 1024, env LATCHKEY_MAX_QUEUED_WRITES)."
    )
    var maximumQueuedWrites: Int?
    @Option(
        name: .customLong("metrics-token-file"),
        help: "A file holding the bearer token /metrics asks for (or env LATCHKEY_METRICS_TOKEN); without one /metrics is 404."
    )
    var metricsTokenFile: String?
    @Option(
        name: .customLong("push-trust-roots"),
        help:
            "A PEM file of CA certificates that push providers' TLS certificates may chain to besides the system's (a stand-in provider, as bench/push runs)."
    )
    var pushTrustRoots: String?
    @Option(
        name: .customLong("otlp-traces-endpoint"),
        help:
            "Send a span per request and per store call to this OpenTelemetry collector URL over OTLP/HTTP, e.g. http://127.0.0.1:4318/v1/traces (off by default; env LATCHKEY_OTLP_TRACES_ENDPOINT; OTEL_* variables apply)."
    )
    var otlpTracesEndpoint: String?
    @Option(
        name: .customLong("ready-file"),
        help: "Once listening, write one JSON line here: {\"url\", \"port\", \"pid\"} (for scripts and tests)."
    )
    var readyFile: String?

    func run() async throws {
        var configuration = store.configuration()
        if let host { configuration.host = host }
        if let port { configuration.port = port }
        if let publicURL { configuration.publicURL = publicURL }
        if let tlsCertificate { configuration.tlsCertificatePath = tlsCertificate }
        if let tlsKey { configuration.tlsKeyPath = tlsKey }
        configuration.trustedProxies.formUnion(trustedProxies)
        if let smsSender { configuration.delivery.smsSender = smsSender }
        if let emailSender { configuration.delivery.emailSender = emailSender }
        if let webhookURL { configuration.delivery.webhookURL = webhookURL }
        if let idleTimeout {
            guard idleTimeout > 0 else { throw ValidationError("--idle-timeout must be positive") }
            configuration.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
        }
        if let maximumQueuedWrites {
            guard maximumQueuedWrites > 0 else { throw ValidationError("--max-queued-writes must be positive") }
            configuration.maximumQueuedWrites = maximumQueuedWrites
        }
        if let metricsTokenFile { configuration.metricsToken = try SecretInput.read(file: metricsTokenFile, option: "metrics-token-file") }
        if let pushTrustRoots {
            do {
                configuration.pushTrustRoots = try String(contentsOfFile: pushTrustRoots, encoding: .utf8)
            } catch {
                throw ValidationError("--push-trust-roots: cannot read \(pushTrustRoots)")
            }
        }
        if let otlpTracesEndpoint { configuration.otlpTracesEndpoint = otlpTracesEndpoint }
        if allowLogSender { configuration.delivery.allowsLogSenderOffLoopback = true }
        configuration.backupSchedule = try backups.schedule()
        if configuration.backupSchedule != nil, configuration.databaseURL != nil {
            throw ValidationError("--backup-dir backs up the embedded SQLite store; on PostgreSQL use pg_dump or point-in-time recovery")
        }
        // Before anything is opened or bound: a refused configuration leaves no trace.
        if let problem = configuration.delivery.servingProblem(host: configuration.host) {
            throw ConfigurationProblem(description: problem)
        }
        LoggingSystem.bootstrap(DeferredMetadataLogHandler.init)
        var logger = Logger(label: "latchkey")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info

        let tracing = try configuration.otlpTracesEndpoint.map(OTLPTracing.bootstrap(endpoint:))

        // Held until the process ends: a restore refuses to replace the database under it.
        let lock = try configuration.databaseURL == nil ? InstallationLock(dataDirectory: configuration.dataDirectory, purpose: .serving) : nil
        defer { withExtendedLifetime(lock) {} }
        let backend = try await LatchkeyBackend.open(configuration, logger: logger)
        if let first = try await backend.createFirstAppIfNeeded(name: "My App") {
            print(
                """
                Created the first app "\(first.app.name)". Its client secret is shown only now:
                  client id:     \(first.app.clientID)
                  client secret: \(first.clientSecret)
                """
            )
        }
        // Shown once listening: the console's address needs the bound port under `--port 0`.
        let owner = try await backend.operators.createFirstIfNeeded()
        let data =
            configuration.databaseURL == nil
            ? URL(fileURLWithPath: configuration.dataDirectory).standardizedFileURL.path : "postgresql"
        let base = "\(configuration.scheme)://\(configuration.host)"
        let readyFile = readyFile
        do {
            let app = try LatchkeyServer.application(backend: backend, logger: logger, services: tracing.map { [$0] } ?? []) {
                [logger] port in
                let url = "\(base):\(port)"
                if let owner {
                    print(
                        """
                        Created the first operator of the console (\(backend.issuerURL)/console). Its password is shown only now:
                          operator: \(owner.operator.username)
                          password: \(owner.password)
                        """
                    )
                }
                print("Latchkey \(LatchkeyVersion.current) listening on \(url) (data: \(data))")
                fflush(nil)
                if let readyFile { Self.announce(url: url, port: port, to: readyFile, logger: logger) }
            }
            try await app.runService()
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

extension MessageSenderKind: ExpressibleByArgument {}
