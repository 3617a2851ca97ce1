public import Foundation
public import Logging
import NIOCore

/// How a Latchkey server runs. ``ServerSetting/all`` declares the settings an operator gives it
/// (flags, `LATCHKEY_*` variables, a configuration file); ``SettingSources`` reads them.
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
    /// The least severe log lines written.
    public var logLevel: Logger.Level = .info
    /// How log lines are written: text for people or JSON for log shippers.
    public var logFormat: LogFormat = .text
    /// The directory backups of the embedded store are taken into while serving; nil takes none
    /// (`latchkey backup` still takes one on demand). PostgreSQL installations use its own tools.
    public var backupDirectory: String?
    /// The time from one scheduled backup to the next.
    public var backupInterval = BackupSchedule.defaultInterval
    /// How many scheduled backups stay; the oldest beyond this are deleted.
    public var backupsKept = BackupSchedule.defaultKeep

    /// The backups taken while serving, or nil.
    public var backupSchedule: BackupSchedule? {
        backupDirectory.flatMap { try? BackupSchedule(directory: $0, interval: backupInterval, keep: backupsKept) }
    }
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

    /// Where the data lives, for people: the SQLite folder, or the PostgreSQL URL without its password.
    public var dataLocation: String {
        if let databaseURL { return "PostgreSQL at \(PostgresURL.withoutPassword(databaseURL))" }
        return "\(URL(fileURLWithPath: dataDirectory).standardizedFileURL.path) (SQLite)"
    }
}
