import Hummingbird
import Logging
import ServiceLifecycle

/// Builds the HTTP application over a backend.
public enum LatchkeyServer {
    /// The router with every route and middleware.
    public static func router(backend: LatchkeyBackend) -> Router<LatchkeyRequestContext> {
        let router = Router(context: LatchkeyRequestContext.self)
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: MetricsMiddleware(metrics: backend.metrics))
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: CORSMiddleware(apps: backend.appDirectory))
        router.add(middleware: ProblemMiddleware())
        router.add(middleware: MethodNotAllowedMiddleware(routes: routes(backend: backend)))
        register(on: router, backend: backend)
        return router
    }

    /// Adds every route to `router`.
    private static func register(on router: Router<LatchkeyRequestContext>, backend: LatchkeyBackend) {
        HelloRoutes(backend: backend).register(on: router)
        AuthRoutes(backend: backend).register(on: router)
        MeRoutes(backend: backend).register(on: router)
        PhoneRoutes(backend: backend).register(on: router)
        EmailRoutes(backend: backend).register(on: router)
        EmailActionPage(backend: backend).register(on: router)
        ProviderRoutes(backend: backend).register(on: router)
        OAuthRoutes(backend: backend).register(on: router)
        WellKnownRoutes(backend: backend).register(on: router)
        OpsRoutes(backend: backend).register(on: router)
    }

    /// The served routes, read from a scratch router: middleware must be added before the
    /// routes it wraps, so the 405 middleware learns them this way.
    private static func routes(backend: LatchkeyBackend) -> [Router<LatchkeyRequestContext>.RouteDescription] {
        let scratch = Router(context: LatchkeyRequestContext.self)
        register(on: scratch, backend: backend)
        return scratch.routes
    }

    /// The application: binds `configuration.host:port`, shuts down gracefully on SIGTERM/SIGINT
    /// (in-flight requests finish), and calls `onRunning` with the bound port.
    public static func application(
        backend: LatchkeyBackend, logger: Logger, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let configuration = backend.configuration
        return Application(
            router: router(backend: backend),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            services: [
                KeyRefreshService(keyRing: backend.keyRing, interval: .seconds(5), logger: logger),
                backend.changeFollower,
                backend.dispatcher,
                backend.janitor,
            ],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                backend.issuer.serverBound(port: port)
                await onRunning(port)
            },
            logger: logger
        )
    }
}
