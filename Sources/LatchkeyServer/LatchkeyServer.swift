public import Hummingbird
import HummingbirdCore
import HummingbirdHTTP2
public import Logging
import NIOCore
public import ServiceLifecycle

/// Builds the HTTP application over a backend.
public enum LatchkeyServer {
    /// The router with every feature's routes and the middleware around them.
    public static func router(backend: LatchkeyBackend) -> Router<LatchkeyRequestContext> {
        let routes = backend.routes
        let router = Router(context: LatchkeyRequestContext.self)
        if backend.configuration.otlpTracesEndpoint != nil { router.add(middleware: OTLPTracing.middleware()) }
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: MetricsMiddleware(metrics: backend.metrics))
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: CORSMiddleware(apps: backend.appDirectory))
        router.add(middleware: ProblemMiddleware())
        let authenticator = Authenticator(backend: backend)
        router.add(middleware: NoRouteMiddleware(routes: routes.routes, authenticator: authenticator))
        routes.register(on: router, authenticator: authenticator)
        return router
    }

    /// The application: binds `configuration.host:port`, drops connections idle or slow to send a
    /// request head for `configuration.idleTimeout`, shuts down gracefully on SIGTERM/SIGINT
    /// (in-flight requests finish), runs every feature's services, the janitor and the backup schedule, and calls
    /// `onRunning` with the bound port. With a TLS certificate it serves HTTPS, HTTP/2 or
    /// HTTP/1.1 by ALPN, and re-reads the certificate on SIGHUP; it throws when the certificate
    /// or key cannot be loaded. `services` run first and stop last (a span exporter flushes
    /// after the last request).
    public static func application(
        backend: LatchkeyBackend,
        logger: Logger,
        services first: [any Service] = [],
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let configuration = backend.configuration
        var services: [any Service] = first + backend.features.flatMap(\.services) + [backend.janitor]
        if let schedule = configuration.backupSchedule, configuration.databaseURL == nil {
            services.append(
                BackupScheduler(schedule: schedule, databasePath: configuration.databasePath, monitor: backend.backups, logger: logger)
            )
        }
        // Hummingbird's idle timer restarts only on a whole request part, so it also bounds how
        // long a client may take to send a request head, however slowly it trickles bytes.
        let http1 = HTTP1Channel.Configuration(idleTimeout: TimeAmount(configuration.idleTimeout))
        var server = HTTPServerBuilder.http1(configuration: http1)
        if let certificates = try TLSCertificates(configuration) {
            server = try .http2Upgrade(
                tlsConfiguration: certificates.serverConfiguration(),
                configuration: .init(idleTimeout: configuration.idleTimeout, streamConfiguration: http1)
            )
            services.append(CertificateReloadService(certificates: certificates, logger: logger))
        }
        return Application(
            responder: EventStreamResponder(wrapped: router(backend: backend).buildResponder()),
            server: server,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            services: services,
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                backend.issuer.serverBound(port: port)
                await onRunning(port)
            },
            logger: logger
        )
    }
}
