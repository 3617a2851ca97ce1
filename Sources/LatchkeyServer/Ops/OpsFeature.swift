import Hummingbird
import LatchkeyWire
import Logging
import SQLKit
import ServiceLifecycle

/// `/healthz` (the process answers), `/readyz` (the database answers) and `/metrics` (Prometheus).
///
/// `/metrics` is not public: it answers 404 unless the server has a metrics token
/// (`LATCHKEY_METRICS_TOKEN` or `serve --metrics-token-file`), and then 401 to any request that
/// does not carry it as a bearer token. A scrape reads memory only.
struct OpsFeature: Feature {
    static let id = "ops"
    let driver: any StoreDriver
    let metrics: ServerMetrics
    let metricsTokenDigest: String?
    let changeBus: ChangeBus
    let sessionGauge: SessionGaugeService

    init(backend: LatchkeyBackend) {
        self.driver = backend.driver
        self.metrics = backend.metrics
        self.metricsTokenDigest = backend.configuration.metricsToken.map(Digest.sha256Hex)
        self.changeBus = backend.changeBus
        self.sessionGauge = SessionGaugeService(
            sessions: backend.sessions,
            metrics: backend.metrics,
            time: backend.time,
            interval: backend.configuration.metricsRefreshInterval,
            logger: backend.logger
        )
    }

    var services: [any Service] { [sessionGauge] }

    static let module: ModuleDeclaration? = ModuleDeclaration(title: "Health, readiness and metrics", access: .anyone)

    func routes(into table: inout RouteTable) {
        table.on(.get, "/healthz", operation: "getHealth", access: .anyone) { _, _ in
            try JSONResponse.make(object: ["status": "ok"])
        }

        table.on(.get, "/readyz", operation: "getReadiness", access: .anyone) { _, _ in
            do {
                _ = try await driver.read { db in try await db.raw("SELECT 1 AS ok").first() }
                return try JSONResponse.make(object: ["status": "ok", "database": "ok"])
            } catch {
                return try JSONResponse.make(object: ["status": "unavailable", "database": "unreachable"], status: .serviceUnavailable)
            }
        }

        table.on(.get, "/metrics", operation: "getMetrics", access: .scheme(metricsScheme)) { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: metrics.render(appliedChangeSequence: changeBus.appliedSequence)))
            )
        }
    }

    /// The scraper's credential: `Authorization: Bearer` with the configured metrics token. Without
    /// a configured token the metrics are not served at all (404), so none leak by default.
    private var metricsScheme: CredentialScheme {
        CredentialScheme(name: "metrics-token") { [metricsTokenDigest] request in
            guard let metricsTokenDigest else { throw APIError(.notFound, .notFound) }
            let authorization = request.headers[.authorization] ?? ""
            guard authorization.lowercased().hasPrefix("bearer "),
                Digest.equalInConstantTime(Digest.sha256Hex(String(authorization.dropFirst("bearer ".count))), metricsTokenDigest)
            else { throw APIError.invalidToken(authorization.isEmpty ? .unauthorized : .invalidToken) }
            return nil
        }
    }
}
