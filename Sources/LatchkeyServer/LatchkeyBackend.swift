import AsyncHTTPClient
import Foundation
public import Logging
import NIOConcurrencyHelpers

/// Everything behind the HTTP API and the CLI: the open database, its stores, the keys and the
/// services. One per process.
public final class LatchkeyBackend: Sendable {
    /// The configuration the backend was opened with.
    public let configuration: LatchkeyConfiguration
    /// Apps and client secrets.
    public let apps: AppStore
    /// Users.
    public let users: UserStore
    /// Signing keys.
    public let keys: KeyStore
    /// The schema migrations applied when this backend opened the database, as `feature.version`.
    public let appliedMigrations: [String]
    /// Queued and sent messages (PINs, links).
    public let outbox: OutboxStore
    /// Sends what the outbox holds.
    public let dispatcher: OutboxDispatcher
    /// Deletes expired codes, old messages, stale counters and long-ended sessions.
    public let janitor: Janitor
    let codes = OneTimeCodeStore()
    let messenger: Messenger
    let driver: any StoreDriver
    let sessions: SessionStore
    let keyRing: KeyRing
    let gate: SessionGate
    let userCache: UserCache
    let changeBus: ChangeBus
    let changeFollower: ChangeFeedFollower
    let appDirectory: AppDirectory
    let hasher: PasswordHasher
    /// Threads for work that grows with a request's data (see ``TreeWork``).
    let computing: BoundedThreadPool
    let policy: PasswordPolicy
    let throttle: FailureThrottle
    /// Seals what the database keeps but must not reveal (authenticator secrets, sign-in challenges).
    let box: SecretBox
    let tokenCache = VerifiedTokenCache()
    let providerKeys = ProviderKeyCache()
    let codec: AccessTokenCodec
    let issuer: Issuer

    /// The issuer URL tokens carry and the server's pages live under: the public URL, else this
    /// node's own address (known once bound, for a server started on port 0).
    public var issuerURL: String { issuer.current }
    let metrics = ServerMetrics()
    /// How the scheduled backups have gone.
    let backups: BackupMonitor
    /// Mints access tokens.
    let tokens: TokenMinter
    /// Reads bodies and client addresses under the configured limits.
    let requests: RequestReader
    /// Disables, enables and deletes users.
    let administration: UserAdministration
    /// The installation's operators and their sign-in.
    public let operators: OperatorService
    /// What operators do, from the console, the admin API and the CLI.
    public let admin: AdminService
    let logger: Logger
    /// Push delivery: provider credentials, devices and the providers' HTTP client.
    let push: PushDelivery
    /// The HTML pages' templates and assets.
    let pages = PageRenderer.shipped
    /// The form tokens of the HTML pages.
    let csrf: CSRFProtection
    /// Signs the hosted login's provider flows (`lk_provider`), the same on every node.
    let providerLogin: ProviderLogin
    /// Issues and checks WebAuthn challenges, the same on every node.
    let passkeyChallenges: PasskeyChallenges
    var time: any TimeSource { configuration.time }
    private let composition = NIOLockedValueBox<(features: [any Feature], routes: RouteTable)?>(nil)

    /// The features of ``FeatureSet/all``, built over this backend once, on first use.
    var features: [any Feature] { composed().features }
    /// Every feature's routes.
    var routes: RouteTable { composed().routes }

    private func composed() -> (features: [any Feature], routes: RouteTable) {
        composition.withLockedValue { composition in
            if let composition { return composition }
            let features = FeatureSet.all.map { $0.init(backend: self) }
            var routes = RouteTable(requests: requests)
            for feature in features {
                routes.feature = type(of: feature).id
                feature.routes(into: &routes)
            }
            composition = (features, routes)
            return (features, routes)
        }
    }

    private init(
        configuration: LatchkeyConfiguration,
        driver base: any StoreDriver,
        listener: PostgresChangeListener?,
        appliedMigrations: [String],
        composer: MessageComposer,
        box: SecretBox,
        pushClient: (HTTPClient, owned: Bool),
        logger: Logger
    ) {
        self.configuration = configuration
        self.appliedMigrations = appliedMigrations
        backups = BackupMonitor(metrics: metrics)
        let bus = ChangeBus()
        let driver = ChangeRecordingDriver(
            base: configuration.otlpTracesEndpoint == nil ? base : TracingStoreDriver(base: base),
            bus: bus
        )
        changeBus = bus
        self.driver = driver
        self.logger = logger
        self.box = box
        let time = configuration.time
        apps = AppStore(driver: driver, time: time, box: box)
        users = UserStore(driver: driver)
        keys = KeyStore(driver: driver, time: time, box: box)
        csrf = CSRFProtection(key: box.derivedKey(for: "csrf"), secureCookies: configuration.issuer.hasPrefix("https:"))
        providerLogin = ProviderLogin(key: box.derivedKey(for: "provider-login"), secureCookies: configuration.issuer.hasPrefix("https:"))
        passkeyChallenges = PasskeyChallenges(key: box.derivedKey(for: "passkey-challenges"))
        sessions = SessionStore(driver: driver)
        keyRing = KeyRing(store: keys, time: time)
        gate = SessionGate(store: sessions, bus: bus)
        userCache = UserCache(store: users, bus: bus)
        changeFollower = ChangeFeedFollower(
            feed: ChangeFeed(driver: driver),
            bus: bus,
            listener: listener,
            interval: listener == nil ? Self.embeddedFollowInterval : Self.clusterFollowInterval,
            logger: logger
        )
        appDirectory = AppDirectory(store: apps, time: time)
        hasher = PasswordHasher(
            threads: configuration.hashingThreads,
            maximumPending: configuration.maximumPendingHashes
        )
        computing = BoundedThreadPool(threads: configuration.computeThreads, maximumPending: configuration.maximumPendingComputations)
        policy = PasswordPolicy()
        throttle = FailureThrottle(driver: driver, time: time)
        issuer = Issuer(configuration: configuration)
        codec = AccessTokenCodec(keys: keyRing, issuer: issuer)
        tokens = TokenMinter(issuer: issuer, codec: codec, time: time)
        requests = RequestReader(configuration: configuration)
        outbox = OutboxStore(driver: driver)
        push = PushDelivery(
            credentials: PushCredentialStore(driver: driver, box: box, time: time),
            devices: DeviceStore(driver: driver),
            client: pushClient,
            time: time
        )
        dispatcher = OutboxDispatcher(
            outbox: outbox,
            senders: configuration.delivery.makeSenders(time: time, logger: logger).merging(push.senders) { $1 },
            maximumAttempts: configuration.delivery.maximumAttempts,
            time: time,
            logger: logger
        )
        administration = UserAdministration(
            driver: driver,
            users: users,
            sessions: sessions,
            codes: codes,
            time: time
        )
        let audit = AuditLog(driver: driver, time: time)
        operators = OperatorService(
            store: OperatorStore(driver: driver),
            driver: driver,
            hasher: hasher,
            policy: policy,
            throttle: throttle,
            audit: audit,
            box: box,
            time: time,
            issuerName: URL(string: configuration.issuer)?.host ?? "Latchkey"
        )
        admin = AdminService(
            apps: apps,
            users: users,
            sessions: sessions,
            administration: administration,
            outbox: outbox,
            rules: RulesStore(driver: driver, time: time),
            audit: audit,
            operators: operators,
            driver: driver,
            time: time
        )
        janitor = Janitor(
            driver: driver,
            sweeps: FeatureSet.all.flatMap { $0.sweeps },
            purges: FeatureSet.all.flatMap { $0.purges },
            administration: administration,
            time: time,
            logger: logger
        )
        messenger = Messenger(
            outbox: outbox,
            composer: composer,
            emails: EmailComposer(store: EmailTemplateStore(driver: driver), shipped: .shipped, logger: logger),
            delivery: configuration.delivery,
            dispatcher: dispatcher,
            throttle: throttle
        )
    }

    /// Opens the store — PostgreSQL when `databaseURL` is set, else the embedded database in the
    /// data directory (creating both if needed) — loads the secret key, applies migrations, seals
    /// secrets an earlier version stored in clear, and makes sure a signing key exists. A secret
    /// key other than the one the stored secrets were sealed with stops it here.
    public static func open(
        _ configuration: LatchkeyConfiguration,
        logger: Logger = Logger(label: "latchkey")
    ) async throws
        -> LatchkeyBackend
    {
        if let problem = configuration.delivery.problem() { throw ConfigurationProblem(description: problem) }
        let composer = try MessageComposer.shipped()
        let driver = try await openDriver(configuration, logger: logger)
        do {
            let box = try SecretBox.load(for: configuration)
            let pushClient = try PushDelivery.client(trustingAlso: configuration.pushTrustRoots)
            let applied = try await Migrations.apply(to: driver, logger: logger)
            let listener = try configuration.databaseURL.map {
                PostgresChangeListener(configuration: try PostgresURL($0).connectionConfiguration(), logger: logger)
            }
            let backend = LatchkeyBackend(
                configuration: configuration,
                driver: driver,
                listener: listener,
                appliedMigrations: applied,
                composer: composer,
                box: box,
                pushClient: pushClient,
                logger: logger
            )
            // Under the migration lock: nodes starting together create one first key, not one each.
            try await driver.withMigrationLock { [keys = backend.keys, apps = backend.apps] in
                let sealed = try await keys.sealKeysStoredInClear() + apps.sealSecretsStoredInClear()
                if sealed > 0 { logger.notice("sealed secrets stored in clear by an earlier version", metadata: ["count": "\(sealed)"]) }
                try await keys.ensureKey()
            }
            try await backend.keyRing.reload()
            return backend
        } catch {
            await driver.shutdown()
            throw error
        }
    }

    /// Creates the installation's first app when there is none and returns it with its secret;
    /// nil when apps exist. Atomic across nodes that start at the same moment.
    public func createFirstAppIfNeeded(name: String) async throws -> AppCredentials? {
        try await driver.withMigrationLock { [apps] in
            guard try await apps.list().isEmpty else { return nil }
            return try await apps.create(name: name)
        }
    }

    /// How often the follower reads the change feed without being woken: on SQLite, the only way
    /// writes by a CLI process arrive; on PostgreSQL, the safety net under `NOTIFY`.
    static let embeddedFollowInterval = Duration.milliseconds(250)
    static let clusterFollowInterval = Duration.seconds(1)

    /// The store the configuration names.
    static func openDriver(_ configuration: LatchkeyConfiguration, logger: Logger) async throws -> any StoreDriver {
        if let url = configuration.databaseURL {
            try await PostgresStoreDriver.probe(url: url, logger: logger)
            return try PostgresStoreDriver.open(
                url: url,
                maximumConnections: configuration.databasePoolSize,
                logger: logger,
                acquireTimeout: configuration.databaseAcquireTimeout,
                maximumQueuedWrites: configuration.maximumQueuedWrites
            )
        }
        let database = URL(fileURLWithPath: configuration.databasePath).lastPathComponent
        try PrivateFiles.prepare(
            directory: configuration.dataDirectory,
            files: [database, database + "-wal", database + "-shm", database + "-journal", "secret.key"]
        )
        return try await SQLiteStoreDriver.open(
            path: configuration.databasePath,
            maximumQueuedWrites: configuration.maximumQueuedWrites,
            logger: logger
        )
    }

    /// Re-reads the signing keys (after `keys.rotate()`; running servers also do this every 5 s).
    public func reloadKeys() async throws {
        try await keyRing.reload()
    }

    /// Closes the database and stops the hashing threads.
    public func shutdown() async {
        await hasher.shutdown()
        await computing.shutdown()
        await push.shutdown()
        await driver.shutdown()
    }
}

/// The configuration cannot work (a sender without its settings, say).
public struct ConfigurationProblem: Error, CustomStringConvertible {
    public var description: String

    /// A problem described for the operator.
    public init(description: String) {
        self.description = description
    }
}
