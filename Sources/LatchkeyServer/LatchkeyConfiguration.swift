public import Foundation
import NIOCore

/// How a Latchkey server runs. Flags override environment (`LATCHKEY_*`), which overrides defaults.
public struct LatchkeyConfiguration: Sendable {
    /// The address to bind (default 127.0.0.1).
    public var host = "127.0.0.1"
    /// The port to bind (default 8080; 0 picks a free one).
    public var port = 8080
    /// Where the embedded database lives (default `./latchkey-data`).
    public var dataDirectory = "./latchkey-data"
    /// A PostgreSQL URL (`postgres://user:password@host:5432/db`) to use instead of the embedded
    /// SQLite file; every node of a cluster points at the same one.
    public var databaseURL: String?
    /// The key that seals secrets at rest (signing keys, provider secrets): 32 bytes in base64,
    /// kept outside the database so a dump or backup of it alone forges nothing. Nil reads
    /// ``secretKeyFile``; with neither, the embedded store uses ``secretKeyPath``, made on first start.
    public var secretKey: String?
    /// A file holding the secret key (readable by this user only).
    public var secretKeyFile: String?
    /// The most PostgreSQL connections this process opens.
    public var databasePoolSize = 16
    /// How long a request waits for a PostgreSQL connection before answering 503.
    public var databaseAcquireTimeout: Duration = .seconds(3)
    /// The public base URL: the tokens' `iss` and the discovery document's base. Defaults to
    /// `http://host:port` (`https://` with ``tlsCertificatePath``).
    public var publicURL: String?
    /// A PEM certificate chain to serve HTTPS (HTTP/2 and HTTP/1.1) with, without a proxy in
    /// front; re-read with ``tlsKeyPath`` on SIGHUP. Nil serves plain HTTP.
    public var tlsCertificatePath: String?
    /// The PEM private key of ``tlsCertificatePath``.
    public var tlsKeyPath: String?
    /// The largest request body accepted, in bytes (larger → 413).
    public var maximumBodyBytes = 64 * 1024
    /// Threads that hash passwords (default: one per core).
    public var hashingThreads = System.coreCount
    /// Password hashes that may wait for a thread before new ones are refused with 503.
    public var maximumPendingHashes = 512
    /// Threads for work that grows with a request's data, such as parsing a large write to the
    /// data tree (default: one fewer than the cores, at least one), so that such work leaves a
    /// core to every other request.
    public var computeThreads = max(1, System.coreCount - 1)
    /// Such work that may wait for a thread before more is refused with 503.
    public var maximumPendingComputations = 32
    /// Write transactions that may wait for the database — SQLite's writer, or a PostgreSQL
    /// connection — before new ones are refused with 503 and `Retry-After`.
    public var maximumQueuedWrites = 1_024
    /// How long a connection may stay idle between requests, and how long a client has to send a
    /// whole request head once a connection is open or its previous answer was sent: slow or
    /// stalled clients are dropped after it rather than holding a connection.
    public var idleTimeout: Duration = .seconds(15)
    /// How many tree streams (`Accept: text/event-stream`) one node holds open; more are refused
    /// with 503 until some close.
    public var maximumStreams = 20_000
    /// How many tree streams one holder keeps open on a node: a user, or an app's confidential
    /// client (admin credentials); more are refused with 429 until some close, so no one caller
    /// takes every place of ``maximumStreams``. Counted per node.
    public var maximumStreamsPerHolder = 16
    /// How many tree streams anonymous callers (no credential) from one address keep open on a
    /// node (an IPv6 address counted by its /64); more are refused with 429. Counted per node.
    public var maximumStreamsPerAddress = 32
    /// How often an idle tree stream is sent the protocol's `keep-alive` event.
    public var streamKeepAlive: Duration = .seconds(30)
    /// The bearer token `/metrics` asks for; without one `/metrics` answers 404.
    public var metricsToken: String?
    /// How often the live-session gauge is recounted (scrapes never touch the database).
    public var metricsRefreshInterval: Duration = .seconds(30)
    /// Proxies whose `X-Forwarded-For` is believed (exact IP addresses).
    public var trustedProxies: Set<String> = []
    /// How PINs and links are sent.
    public var delivery = DeliveryConfiguration()
    /// Certificates (PEM) the push client trusts besides the system's: a stand-in APNs or FCM
    /// with its own CA, in tests and benchmarks. Nil in production.
    public var pushTrustRoots: String?
    /// Where spans go over OTLP/HTTP (the whole URL); `nil`, the default, traces nothing and adds
    /// nothing to the request path. The process bootstraps the tracer (``OTLPTracing``).
    public var otlpTracesEndpoint: String?
    /// Backups of the embedded store taken while serving; nil takes none (`latchkey backup` still
    /// takes one on demand). PostgreSQL installations use PostgreSQL's own tools.
    public var backupSchedule: BackupSchedule?
    /// Where the server reads time (tests inject a manual clock).
    public var time: any TimeSource = SystemTimeSource()

    /// Default configuration.
    public init() {}

    /// `https` when the server terminates TLS, else `http`.
    public var scheme: String { tlsCertificatePath == nil ? "http" : "https" }

    /// The issuer URL tokens carry.
    public var issuer: String {
        let base = publicURL ?? "\(scheme)://\(host):\(port)"
        return base.trimmingSuffix("/")
    }

    /// The SQLite file inside the data directory.
    public var databasePath: String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("latchkey.sqlite").path
    }

    /// The secret key the embedded store generates when none is given: `<data>/secret.key`.
    public var secretKeyPath: String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("secret.key").path
    }

    /// Reads `LATCHKEY_HOST`, `LATCHKEY_PORT`, `LATCHKEY_DATA_DIR`, `LATCHKEY_DATABASE_URL`,
    /// `LATCHKEY_DATABASE_POOL_SIZE`, `LATCHKEY_SECRET_KEY`, `LATCHKEY_SECRET_KEY_FILE`, `LATCHKEY_PUBLIC_URL`,
    /// `LATCHKEY_TRUSTED_PROXIES` (comma-separated), `LATCHKEY_MAX_BODY_BYTES`, `LATCHKEY_MAX_QUEUED_WRITES`,
    /// `LATCHKEY_IDLE_TIMEOUT` (seconds), `LATCHKEY_MAX_STREAMS`, `LATCHKEY_MAX_STREAMS_PER_USER`,
    /// `LATCHKEY_MAX_STREAMS_PER_ADDRESS`, `LATCHKEY_STREAM_KEEPALIVE` (seconds), `LATCHKEY_METRICS_TOKEN`, `LATCHKEY_TLS_CERT`, `LATCHKEY_TLS_KEY`,
    /// `LATCHKEY_OTLP_TRACES_ENDPOINT` and the delivery variables of
    /// ``DeliveryConfiguration``.
    public mutating func applyEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let host = environment["LATCHKEY_HOST"] { self.host = host }
        if let port = environment["LATCHKEY_PORT"].flatMap(Int.init) { self.port = port }
        if let directory = environment["LATCHKEY_DATA_DIR"] { self.dataDirectory = directory }
        if let url = environment["LATCHKEY_PUBLIC_URL"] { self.publicURL = url }
        if let url = environment["LATCHKEY_DATABASE_URL"], !url.isEmpty { self.databaseURL = url }
        if let key = environment["LATCHKEY_SECRET_KEY"], !key.isEmpty { secretKey = key }
        if let file = environment["LATCHKEY_SECRET_KEY_FILE"], !file.isEmpty { secretKeyFile = file }
        if let size = environment["LATCHKEY_DATABASE_POOL_SIZE"].flatMap(Int.init) { self.databasePoolSize = size }
        if let proxies = environment["LATCHKEY_TRUSTED_PROXIES"] {
            trustedProxies = Set(proxies.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        if let bytes = environment["LATCHKEY_MAX_BODY_BYTES"].flatMap(Int.init) { maximumBodyBytes = bytes }
        if let path = environment["LATCHKEY_TLS_CERT"], !path.isEmpty { tlsCertificatePath = path }
        if let path = environment["LATCHKEY_TLS_KEY"], !path.isEmpty { tlsKeyPath = path }
        if let token = environment["LATCHKEY_METRICS_TOKEN"], !token.isEmpty { metricsToken = token }
        if let writes = environment["LATCHKEY_MAX_QUEUED_WRITES"].flatMap(Int.init), writes > 0 { maximumQueuedWrites = writes }
        if let seconds = environment["LATCHKEY_IDLE_TIMEOUT"].flatMap(Double.init), seconds > 0 {
            idleTimeout = .milliseconds(Int64(seconds * 1000))
        }
        if let streams = environment["LATCHKEY_MAX_STREAMS"].flatMap(Int.init), streams > 0 { maximumStreams = streams }
        if let streams = environment["LATCHKEY_MAX_STREAMS_PER_USER"].flatMap(Int.init), streams > 0 { maximumStreamsPerHolder = streams }
        if let streams = environment["LATCHKEY_MAX_STREAMS_PER_ADDRESS"].flatMap(Int.init), streams > 0 {
            maximumStreamsPerAddress = streams
        }
        if let seconds = environment["LATCHKEY_STREAM_KEEPALIVE"].flatMap(Double.init), seconds > 0 {
            streamKeepAlive = .milliseconds(Int64(seconds * 1000))
        }
        if let url = environment["LATCHKEY_OTLP_TRACES_ENDPOINT"], !url.isEmpty { otlpTracesEndpoint = url }
        delivery.applyEnvironment(environment)
    }
}
