extension ServerSetting {
    /// Every setting, in the order `serve --help` and `config print` list them. The first ones say
    /// where the data lives, and every `latchkey` command takes them (``store``).
    public static let all: [ServerSetting] = store + server + backups + delivery + smtp

    /// Where the installation's data lives and how to open it: every command reads these.
    public static let store: [ServerSetting] = [
        .text("data-dir", "The data directory of the embedded SQLite store (default ./latchkey-data).", kind: .path, \.dataDirectory),
        ServerSetting(
            "database",
            variable: "LATCHKEY_DATABASE_URL",
            help: "A PostgreSQL URL to use instead of the embedded SQLite store; every node of a cluster names the same one.",
            kind: .url(schemes: ["postgres", "postgresql"])
        ) { configuration, value in
            if case .text(let url) = value { configuration.databaseURL = url }
        } show: {
            $0.databaseURL.map(PostgresURL.withoutPassword)
        },
        .integer("database-pool-size", 1...10_000, "The most PostgreSQL connections this process opens.", \.databasePoolSize),
        .optionalText(
            "secret-key",
            "The key that seals secrets at rest, 32 bytes in base64 (default DATA_DIR/secret.key on SQLite; needed on PostgreSQL).",
            isSecret: true,
            \.secretKey
        ),
        .optionalText(
            "secret-key-file",
            "A file holding the secret key, readable by this user only.",
            kind: .path,
            replaces: "secret-key",
            \.secretKeyFile
        ),
    ]

    /// How the server listens, limits and reports.
    static let server: [ServerSetting] = [
        .text("host", "The address to bind.", \.host),
        .integer("port", 0...65_535, "The port to bind; 0 picks a free one.", \.port),
        .optionalText(
            "public-url",
            "The public base URL: the tokens' issuer and the discovery document's base (default http://host:port).",
            kind: .url(schemes: ["http", "https"]),
            \.publicURL
        ),
        .list(
            "trusted-proxy",
            variable: "LATCHKEY_TRUSTED_PROXIES",
            "A proxy address whose X-Forwarded-For is believed (repeatable; commas in the variable).",
            \.trustedProxies
        ),
        .optionalText(
            "tls-cert",
            "A PEM certificate chain: serve HTTPS (HTTP/2 and HTTP/1.1) without a proxy; re-read on SIGHUP.",
            kind: .path,
            \.tlsCertificatePath
        ),
        .optionalText("tls-key", "The PEM private key of tls-cert.", kind: .path, \.tlsKeyPath),
        .choice("log-level", "trace, debug, info, notice, warning, error or critical; a reload applies it.", isLive: true, \.logLevel),
        .choice("log-format", "text for people, json for one JSON object per line (log shippers).", \.logFormat),
        .seconds("idle-timeout", "Seconds a connection may idle, or take to send a request head, before it is closed.", \.idleTimeout),
        .integer("max-body-bytes", 1...Int.max, "The largest request body accepted, in bytes (larger is 413).", \.maximumBodyBytes),
        .integer(
            "max-queued-writes",
            1...Int.max,
            "Writes that may wait for the database before new ones get 503 and Retry-After.",
            \.maximumQueuedWrites
        ),
        .integer("max-streams", 1...Int.max, "Data-tree streams one node holds open.", \.maximumStreams),
        .integer("max-streams-per-user", 1...Int.max, "Data-tree streams one user or client keeps open on a node.", \.maximumStreamsPerHolder),
        .integer(
            "max-streams-per-address",
            1...Int.max,
            "Data-tree streams anonymous callers from one address keep open on a node.",
            \.maximumStreamsPerAddress
        ),
        .seconds("stream-keepalive", "Seconds between keep-alive events on an idle data-tree stream.", \.streamKeepAlive),
        .optionalText("metrics-token", "The bearer token /metrics asks for; without one /metrics is 404.", isSecret: true, \.metricsToken),
        .fileContents("metrics-token-file", "A file holding the metrics token.", replaces: "metrics-token", \.metricsToken),
        .fileContents(
            "push-trust-roots",
            "A PEM file of CA certificates push providers' certificates may chain to besides the system's (a stand-in provider).",
            \.pushTrustRoots
        ),
        .optionalText(
            "otlp-traces-endpoint",
            "Send a span per request and per store call to this OTLP/HTTP collector URL (OTEL_* variables apply).",
            kind: .url(schemes: ["http", "https"]),
            \.otlpTracesEndpoint
        ),
    ]

    /// Backups of the embedded store taken while serving (SQLite only).
    static let backups: [ServerSetting] = [
        .optionalText(
            "backup-dir",
            "Take verified backups of the embedded store into this directory while serving (SQLite only).",
            kind: .path,
            \.backupDirectory
        ),
        .seconds(
            "backup-every",
            "Time between scheduled backups: 30m, 6h, 1d (default 6h).",
            kind: .duration,
            requires: "backup-dir",
            \.backupInterval
        ),
        .integer("backup-keep", 1...Int.max, "Scheduled backups kept; older ones are deleted.", requires: "backup-dir", \.backupsKept),
    ]

    /// How PINs and links are sent.
    static let delivery: [ServerSetting] = [
        .choice("sms-sender", "How SMS PINs are sent: log, webhook or twilio.", \.delivery.smsSender),
        .choice("email-sender", "How email codes and links are sent: log, webhook or smtp.", \.delivery.emailSender),
        .optionalText("email-from", "The address emails come from when the app sets none (needed by the smtp sender).", \.delivery.emailFrom),
        .optionalText("webhook-url", "Where the webhook sender POSTs.", kind: .url(schemes: ["http", "https"]), \.delivery.webhookURL),
        .optionalText("webhook-secret", "The HMAC key of the webhook sender's signature header.", isSecret: true, \.delivery.webhookSecret),
        .optionalText("twilio-account-sid", "The Twilio account SID.", \.delivery.twilioAccountSID),
        .optionalText("twilio-auth-token", "The Twilio auth token.", isSecret: true, \.delivery.twilioAuthToken),
        .optionalText("twilio-from", "The Twilio sending number (E.164).", \.delivery.twilioFrom),
        .text("twilio-base-url", "Twilio's API base URL.", kind: .url(schemes: ["http", "https"]), \.delivery.twilioBaseURL),
        .flag(
            "allow-log-sender",
            "Allow the log sender, which writes live PINs and links to the log, on an address other than loopback.",
            \.delivery.allowsLogSenderOffLoopback
        ),
    ]

    /// The smtp sender's relay (``SMTPSettings``).
    static let smtp: [ServerSetting] = [
        .optionalText("smtp-host", "The SMTP relay's host name or address (needed by the smtp sender).", \.delivery.smtp.host),
        ServerSetting(
            "smtp-port",
            help: "The SMTP relay's port (default 587 for starttls, 465 for tls, 25 for none).",
            kind: .integer(1...65_535)
        ) { configuration, value in
            if case .integer(let port) = value { configuration.delivery.smtp.port = port }
        } show: {
            $0.delivery.smtp.port.map(String.init)
        },
        .choice(
            "smtp-security",
            "starttls (STARTTLS required, certificate verified), tls (TLS from the start) or none (a relay on this machine).",
            \.delivery.smtp.security
        ),
        .optionalText("smtp-username", "The SMTP AUTH user name (AUTH PLAIN or LOGIN, over TLS).", \.delivery.smtp.username),
        .optionalText("smtp-password", "The SMTP AUTH password.", isSecret: true, \.delivery.smtp.password),
        .fileContents("smtp-password-file", "A file holding the SMTP AUTH password.", replaces: "smtp-password", \.delivery.smtp.password),
        .optionalText("smtp-helo-name", "The name sent with EHLO (default this machine's host name).", \.delivery.smtp.heloName),
        .fileContents(
            "smtp-ca-file",
            "A PEM file of CA certificates the relay's certificate may chain to besides the system's (a private relay).",
            \.delivery.smtp.trustRoots
        ),
        .integer("smtp-pool-size", 1...64, "SMTP connections kept open and reused.", \.delivery.smtp.poolSize),
        .seconds("smtp-timeout", "Seconds connecting and each SMTP reply may take before the attempt is retried later.", \.delivery.smtp.timeout),
        .flag(
            "smtp-allow-plaintext",
            "Allow --smtp-security none for a relay on another machine (never with a password).",
            \.delivery.smtp.allowsPlaintext
        ),
    ]

    /// The declaration named `name`.
    public static func named(_ name: String) -> ServerSetting? {
        all.first { $0.name == name }
    }
}
